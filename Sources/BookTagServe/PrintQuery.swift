import BookTag
import Hummingbird
import HummingbirdCore

/// A print download's query (`print.pdf?paper=a2&stats=1`): the papers the tag page offers,
/// `landscape`, and the collage's own options (`CollageQuery`) but its size.
enum PrintQuery {
    /// The papers serve prints: what a reader hangs at home, not every size a shop sells.
    static let papers = ["a3", "a2", "60x90cm"]
    /// The query's keys that are a print's, not a collage's.
    static let keys: Set = ["paper", "landscape"]

    static func options(_ query: FlatDictionary<Substring, Substring>) throws -> PrintOptions {
        let name = query["paper"].map(String.init) ?? papers[0]
        guard papers.contains(name), let paper = PrintPaper(named: name) else {
            throw ServeError(.badRequest, "paper must be one of \(papers.joined(separator: ", "))")
        }
        if query["size"] != nil { throw ServeError(.badRequest, "a print's size is its paper's: leave out size") }
        let landscape = query["landscape"].map { ["1", "true", "on", "yes", ""].contains($0.lowercased()) } ?? false
        return try PrintOptions(paper: paper, landscape: landscape)
    }
}
