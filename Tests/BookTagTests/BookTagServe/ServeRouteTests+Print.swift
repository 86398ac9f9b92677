import BookTag
import BookTagTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BookTagServe

/// The tag page's prints: a job that fetches Open Library's originals with progress, then a
/// PDF a print shop accepts, made without touching the tag's files.
extension ServeRouteTests {
    static let scienceFiction = "/api/tags/science%20fiction"

    @Test func aPrintIsAJobWithProgressAndItsPDFHasTheOriginals() async throws {
        let server = try Server()
        try await server.test { client in
            _ = try await Self.add("science fiction", client)
            let collages = server.home.home.collagesFolder
            let before = try FileManager.default.contentsOfDirectory(atPath: collages.path).sorted()

            let started = try await client.execute(
                uri: Self.scienceFiction + "/print?paper=a2&stats=1", method: .post, headers: Self.bearer)
            #expect(started.status == .accepted)
            let job = try #require(try Self.json(started)["job"] as? String)
            let events = Self.body(
                try await client.execute(uri: "/api/jobs/\(job)/events", method: .get, headers: Self.bearer))
            let names = events.split(separator: "\n").filter { $0.hasPrefix("event: ") }.map { $0.dropFirst(7) }
            #expect(names.filter { $0 == "cover" }.count == 13 && names.last == "done", "\(names)")
            #expect(events.contains("asking Open Library for original covers: 12 of 12"))
            #expect(events.contains("drawing the a2 PDF"))

            let done = try await Self.finished(job, client)
            let result = try #require(done["result"] as? [String: Any], "\(done)")
            #expect(result["paper"] as? String == "a2" && result["landscape"] as? Bool == false)
            #expect(result["originalsAsked"] as? Int == 12 && result["originalsKept"] as? Int == 9, "\(result)")
            #expect(result["bleed"] as? Double == 3 && result["paper"] as? String == "a2", "as collage --print --json")
            let name = try #require(result["file"] as? String)
            #expect(name.hasSuffix("-a2.pdf"))

            let pdf = try await client.execute(uri: "/api/prints/\(name)", method: .get, headers: Self.bearer)
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
            let images = try PDFTools.images(file)
            #expect(images.count { $0.width == 1200 } == 9, "\(images)")
            let ppi = images.map(\.xPPI).sorted()
            #expect(result["medianPPI"] as? Int == ppi[(ppi.count - 1) / 2], "\(result) \(ppi)")

            // The tag page the job's address shows offers the file.
            let page = Self.body(
                try await client.execute(
                    uri: "/tags/science%20fiction?job=\(job)", method: .get, headers: Self.bearer))
            #expect(page.contains("Your print is ready"), "\(page)")
            #expect(page.contains("href=\"/api/prints/\(name)\" download>Download the A2 PDF</a>"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: collages.path).sorted() == before)
        }
    }

    @Test func thePrintFormStartsAJobAndBadPrintsAreRefused() async throws {
        let server = try Server()
        try await server.test { client in
            _ = try await Self.add("science fiction", client)
            let page = Self.body(
                try await client.execute(uri: "/tags/science%20fiction", method: .get, headers: Self.bearer))
            for paper in PrintQuery.papers { #expect(page.contains("<option value=\"\(paper)\">"), "\(paper)") }
            #expect(page.contains("<form method=\"post\" action=\"/tags/science%20fiction/print\""), "\(page)")

            let posted = try await client.execute(
                uri: "/tags/science%20fiction/print", method: .post, headers: Self.formHeaders,
                body: ByteBuffer(string: "paper=a3&landscape=1"))
            #expect(posted.status == .seeOther)
            let location = try #require(posted.headers[.location])
            #expect(location.hasPrefix("/tags/science%20fiction?job="), "\(location)")
            let done = try await Self.finished(String(location.split(separator: "=").last!), client)
            let result = try #require(done["result"] as? [String: Any], "\(done)")
            #expect(result["paper"] as? String == "a3" && result["landscape"] as? Bool == true, "\(result)")
            #expect((result["file"] as? String)?.hasSuffix("-a3-landscape.pdf") == true)
            #expect(result["originalsAsked"] as? Int == 12, "\(result)")

            for query in ["paper=a4", "paper=b5", "paper=a2&size=4k", "paper=a3&flavour=1"] {
                let bad = try await client.execute(
                    uri: Self.scienceFiction + "/print?\(query)", method: .post, headers: Self.bearer)
                #expect(bad.status == .badRequest, "\(query)")
            }
            let unknown = try await client.execute(uri: "/api/tags/zzz/print", method: .post, headers: Self.bearer)
            #expect(unknown.status == .notFound)
            let hex = String(repeating: "0", count: 32)
            for file in ["\(hex)-a2.pdf", "..%2Fbooktag.sqlite", "\(hex)-b5.pdf", "\(hex).pdf"] {
                let missing = try await client.execute(uri: "/api/prints/\(file)", method: .get, headers: Self.bearer)
                #expect(missing.status == .notFound, "\(file)")
            }
        }
    }
}
