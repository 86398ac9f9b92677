import Foundation

/// Where a set of books came from in the search, stored with the tag.
public struct SearchPosition: Equatable, Sendable {
    public var totalResults: Int
    public var pageSize: Int?
    public var startPage: Int
    public var fetchedAt: Date

    public init(totalResults: Int, pageSize: Int?, startPage: Int, fetchedAt: Date = Date()) {
        self.totalResults = totalResults
        self.pageSize = pageSize
        self.startPage = startPage
        self.fetchedAt = fetchedAt.roundedToStorePrecision
    }
}
