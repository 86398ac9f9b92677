import BookTagTestSupport
import Foundation
import GRDB
import Testing
import ZIPFoundation

@testable import BookTag

/// `import statistics.sqlite3 --books DIR`: each book's cover is the one inside the file it was
/// read from, found by KOReader's partial MD5, with no network. The EPUBs are SYNTHETIC, made
/// here as EPUB 3 and EPUB 2 lay out their package (the covers are fixtures/covers' images);
/// the statistics are `SyntheticKOReader`'s with their `md5` pointed at these files.
@Suite struct KOReaderBooksFolderTests {
    /// An EPUB whose package names `cover` at `href` (EPUB 3's property, or EPUB 2's meta), with
    /// `image` stored at `stored`.
    static func epub(
        _ file: URL, epub3: Bool, href: String = "images/cover.png", stored: String = "OEBPS/images/cover.png",
        image: Data?
    ) throws {
        let archive = try Archive(url: file, accessMode: .create)
        func add(_ path: String, _ data: Data) throws {
            try archive.addEntry(
                with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate
            ) { position, size in data.subdata(in: Int(position)..<Int(position) + size) }
        }
        try add("mimetype", Data("application/epub+zip".utf8))
        try add(
            "META-INF/container.xml",
            Data(
                #"<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>"#
                    .utf8))
        let item =
            epub3
            ? #"<item id="c" href="\#(href)" media-type="image/png" properties="cover-image"/>"#
            : #"<item id="cover-img" href="\#(href)" media-type="image/png"/>"#
        let meta = epub3 ? "" : #"<meta name="cover" content="cover-img"/>"#
        try add(
            "OEBPS/content.opf",
            Data(
                #"<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="\#(epub3 ? "3.0" : "2.0")"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Book</dc:title>\#(meta)</metadata><manifest>\#(item)<item id="t" href="text.xhtml" media-type="application/xhtml+xml"/></manifest><spine><itemref idref="t"/></spine></package>"#
                    .utf8))
        try add("OEBPS/text.xhtml", Data("<html><body><p>Text.</p></body></html>".utf8))
        if let image { try add(stored, image) }
    }

    @Test func eachBookGetsTheCoverInsideItsOwnFile() async throws {
        let home = try TemporaryHome()
        let openLibrary = try FakeOpenLibrary(books: [])
        try ImportEndToEndTests.configure(home, openLibrary: openLibrary.baseURL)
        let books = home.folder.appendingPathComponent("Books/Fiction", isDirectory: true)
        try FileManager.default.createDirectory(at: books, withIntermediateDirectories: true)
        let red = try Data(
            contentsOf: Fixtures.packageRoot.appendingPathComponent("fixtures/covers/palette-red-blue.png"))
        let other = try Data(
            contentsOf: Fixtures.packageRoot.appendingPathComponent("fixtures/covers/interlaced-16bit-red-blue.png"))
        let orchard = books.appendingPathComponent("orchard.epub")
        let winter = books.appendingPathComponent("winter.epub")
        let hours = books.appendingPathComponent("hours.epub")
        try Self.epub(orchard, epub3: true, image: red)
        try Self.epub(winter, epub3: false, href: "../cover%20art.png", stored: "cover art.png", image: other)
        // A cover that is not an image: the book falls through (Open Library knows none: drawn).
        try Self.epub(hours, epub3: true, image: Data("not an image".utf8))
        try Data("%PDF-1.4 not a book".utf8).write(to: books.appendingPathComponent("notes.pdf"))
        let statistics = home.folder.appendingPathComponent("statistics.sqlite3")
        try SyntheticKOReader.write(to: statistics, layout: .pageStatData)
        let digests = try [orchard, winter, hours].map(KOReaderPartialMD5.digest(of:))
        try await DatabaseQueue(path: statistics.path).write { db in
            for (id, digest) in zip([1, 2, 3], digests) {
                try db.execute(sql: "UPDATE book SET md5 = ? WHERE id = ?", arguments: [digest.uppercased(), id])
            }
        }
        let run = try await BooktagProcess.run([
            "import", statistics.path, "--tag", "koreader", "--books", books.deletingLastPathComponent().path,
            "--home", home.folder.path,
        ])
        #expect(run.status == 0, "\(run.errors)")
        let listed = try await BooktagProcess.run(["books", "koreader", "--json", "--home", home.folder.path])
        let rows = try #require(
            try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]], "\(listed.output)")
        func row(_ title: String) throws -> [String: Any] {
            try #require(rows.first { $0["title"] as? String == title })
        }
        for (title, digest, image) in [("The Glass Orchard", digests[0], red), ("North of Winter", digests[1], other)] {
            let book = try row(title)
            #expect(book["source"] as? String == "library" && book["id"] as? String == "koreader-\(digest)")
            #expect(book["coverDrawn"] as? Bool == false)
            let cover = try #require(book["cover"] as? String)
            #expect(try Data(contentsOf: URL(fileURLWithPath: cover)) == image, "the EPUB's own bytes")
        }
        #expect(try row("A Year of Small Hours")["coverDrawn"] as? Bool == true)
    }

    @Test func aFolderThatIsNotOneIsAUsageError() async throws {
        let home = try TemporaryHome()
        let statistics = home.folder.appendingPathComponent("statistics.sqlite3")
        try SyntheticKOReader.write(to: statistics, layout: .pageStatData)
        let run = try await BooktagProcess.run([
            "import", statistics.path, "--books", "/nonexistent/Books", "--home", home.folder.path,
        ])
        #expect(run.status == 64 && run.errors.contains("/nonexistent/Books is not a folder of books"), "\(run.errors)")
    }

    @Test func coverReferencesStayInsideTheBook() {
        #expect(EPUBCover.resolve("images/c.png", against: "OEBPS") == "OEBPS/images/c.png")
        #expect(EPUBCover.resolve("../c.png", against: "OEBPS") == "c.png")
        #expect(EPUBCover.resolve("../../c.png", against: "OEBPS") == nil)
        #expect(EPUBCover.resolve("./a/../b.png", against: "") == "b.png")
    }
}
