/// An author credit on a book; `role` is set for contributors such as narrators.
public struct BookAuthor: Equatable, Sendable, Codable {
    /// The source's author id, when it gives one (Goodreads).
    public var id: Int?
    /// The author's name as the source spells it.
    public var name: String
    /// "Translator", "Illustrator"…; `nil` for the author.
    public var role: String?

    /// An author as a source names them.
    public init(id: Int?, name: String, role: String? = nil) {
        self.id = id
        self.name = name
        self.role = role
    }
}
