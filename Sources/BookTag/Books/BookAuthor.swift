/// An author credit on a book; `role` is set for contributors such as narrators.
public struct BookAuthor: Equatable, Sendable, Codable {
    public var id: Int?
    public var name: String
    public var role: String?

    public init(id: Int?, name: String, role: String? = nil) {
        self.id = id
        self.name = name
        self.role = role
    }
}
