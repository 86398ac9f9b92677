import Foundation

/// The documents the XML benchmark decodes: booktag's own fixtures, a 200-result search page
/// built from them, and the recorded bench-xml answers (fixtures/recorded/bench-xml).
struct Corpus {
    enum Kind { case search, book }

    struct Document {
        let name: String
        let kind: Kind
        let data: Data
    }

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func load() throws -> [Document] {
        let fixtures = packageRoot.appendingPathComponent("fixtures/goodreads")
        var documents: [Document] = []
        for (folder, kind) in [("search", Kind.search), ("book", .book)] {
            let directory = fixtures.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
            where name.hasSuffix(".xml") {
                documents.append(
                    Document(name: name, kind: kind, data: try Data(contentsOf: directory.appendingPathComponent(name)))
                )
            }
        }
        let firstPage = try Data(contentsOf: fixtures.appendingPathComponent("search/search-fantasy-p1.xml"))
        documents.append(
            Document(
                name: "synthetic-search-200-results.xml", kind: .search,
                data: try searchPage(from: firstPage, results: 200)))

        let recorded = packageRoot.appendingPathComponent("fixtures/recorded/bench-xml")
        for name in try FileManager.default.contentsOfDirectory(atPath: recorded.path).sorted()
        where name.hasSuffix(".xml") {
            let kind: Kind = name.hasPrefix("search") ? .search : .book
            documents.append(
                Document(
                    name: "recorded/\(name)", kind: kind,
                    data: try Data(contentsOf: recorded.appendingPathComponent(name))))
        }
        return documents
    }

    /// A search page holding `results` works, made by repeating the works of `page` (with
    /// distinct book ids) and setting the header to match. Synthetic, like its source.
    static func searchPage(from page: Data, results: Int) throws -> Data {
        let text = String(decoding: page, as: UTF8.self)
        guard let open = text.range(of: "<results>"), let close = text.range(of: "</results>") else {
            throw CocoaError(.fileReadCorruptFile)
        }
        let works = text[open.upperBound..<close.lowerBound]
            .components(separatedBy: "</work>")
            .filter { $0.contains("<work>") && !$0.contains("nil=\"true\"/>\n    <title>A Work Without") }
            .map { $0 + "</work>" }
        var body = ""
        var index = 0
        while index < results {
            let work = works[index % works.count]
            body += work.replacingOccurrences(
                of: "<id type=\"integer\">51", with: "<id type=\"integer\">\(60 + index / works.count)51")
            index += 1
        }
        var result = String(text[..<open.upperBound]) + body + String(text[close.lowerBound...])
        result = result.replacingOccurrences(
            of: "<results-end>20</results-end>", with: "<results-end>\(results)</results-end>")
        result = result.replacingOccurrences(
            of: "<total-results>45</total-results>", with: "<total-results>\(results)</total-results>")
        return Data(result.utf8)
    }
}
