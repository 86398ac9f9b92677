/// What `import` answers, on the command line (`--json`) and, later, in serve.
public struct ImportReport: Encodable, Sendable {
    /// One tag the export made, or was refused.
    public struct Entry: Encodable, Sendable {
        /// The tag's name.
        public let tag: String
        /// Books stored, each with a cover.
        public let books: Int
        /// Books left out for want of a cover at Open Library.
        public let withoutCover: Int
        /// Whether an imported tag of that name was replaced.
        public let replaced: Bool
        /// The collage's path.
        public let collage: String?
        /// Why the tag was not stored, when it was not.
        public let refused: String?
    }

    /// The export file, as named.
    public let file: String
    /// Its rows read.
    public let rows: Int
    /// Rows skipped as malformed.
    public let malformedRows: Int
    /// The tags, in the order the export gave them.
    public let tags: [Entry]

    /// The report of `outcomes` of the export `file`.
    public init(file: String, summary: ExportReader.Summary, outcomes: [ExportImporter.TagOutcome]) {
        self.file = file
        rows = summary.rows
        malformedRows = summary.malformed
        tags = outcomes.map {
            Entry(
                tag: $0.tag?.name ?? $0.name.display, books: $0.books, withoutCover: $0.withoutCover,
                replaced: $0.replaced,
                collage: $0.collage?.file.path, refused: $0.refusal)
        }
    }
}
