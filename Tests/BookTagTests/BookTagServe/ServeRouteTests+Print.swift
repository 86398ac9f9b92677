import BookTag
import BookTagTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BookTagServe

/// The tag page's print downloads: a PDF a print shop accepts, made without touching the tag's files.
extension ServeRouteTests {
    @Test func theTagPageOffersPrintsAndAPrintIsAPDFWithItsBoxes() async throws {
        let server = try Server()
        try await server.test { client in
            _ = try await Self.add("fantasy", client)
            let collages = server.home.home.collagesFolder
            let before = try FileManager.default.contentsOfDirectory(atPath: collages.path).sorted()
            let page = try await client.execute(uri: "/tags/fantasy", method: .get, headers: Self.bearer) {
                Self.body($0)
            }
            for paper in PrintQuery.papers { #expect(page.contains("<option value=\"\(paper)\">"), "\(paper)") }
            #expect(page.contains("action=\"/api/tags/fantasy/print.pdf\""))

            let pdf = try await client.execute(
                uri: "/api/tags/fantasy/print.pdf?paper=a2&stats=1", method: .get, headers: Self.bearer)
            #expect(pdf.status == .ok)
            #expect(pdf.headers[.contentType] == "application/pdf")
            #expect(pdf.headers[.contentDisposition] == "attachment; filename=\"booktag-a2.pdf\"")
            let file = server.home.folder.appendingPathComponent("downloaded.pdf")
            try Data(buffer: pdf.body).write(to: file)
            let boxes = try PDFTools.boxes(file)
            let points = 72 / 25.4
            #expect(PrintCommandTests.near(boxes["MediaBox"], [0, 0, 426 * points, 600 * points]), "\(boxes)")
            #expect(
                PrintCommandTests.near(
                    boxes["TrimBox"], [3 * points, 3 * points, 423 * points, 597 * points]), "\(boxes)")
            #expect(try PDFTools.run("qpdf", ["--check", file.path]).status == 0)

            for query in ["paper=a4", "paper=b5", "paper=a2&size=4k", "paper=a3&flavour=1"] {
                let bad = try await client.execute(
                    uri: "/api/tags/fantasy/print.pdf?\(query)", method: .get, headers: Self.bearer)
                #expect(bad.status == .badRequest, "\(query)")
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: collages.path).sorted() == before)
            let cache = server.home.home.cacheFolder.path
            #expect(
                (try? FileManager.default.contentsOfDirectory(atPath: cache))?.allSatisfy { !$0.hasPrefix("print-") }
                    ?? true, "no print left in the cache")
        }
    }
}
