import Foundation

/// Where a set of books came from in the search, stored with the tag.
public struct SearchPosition: Equatable, Sendable {
    /// What the source said it has, over all pages.
    public var totalResults: Int
    /// Results per page, as the source reported it.
    public var pageSize: Int?
    /// The page the set starts on.
    public var startPage: Int
    /// When it was gathered.
    public var fetchedAt: Date

    /// Where a set came from.
    public init(totalResults: Int, pageSize: Int?, startPage: Int, fetchedAt: Date = Date()) {
        self.totalResults = totalResults
        self.pageSize = pageSize
        self.startPage = startPage
        self.fetchedAt = fetchedAt.roundedToStorePrecision
    }
}
