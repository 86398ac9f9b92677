import BookTag
import BookTagHTTP
import BookTagTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BookTagServe

/// Imports sent to `serve` (SPEC, Serve: import from the browser), answered in process: the
/// genuine StoryGraph export through `POST /api/imports` and through the page's form, covers from
/// a fake Open Library on loopback; and every refusal, each leaving the store and the home's
/// `uploads/` as they were.
@Suite("Serve imports", .serialized)
struct ServeImportTests {
    typealias Routes = ServeRouteTests

    /// A server whose Open Library is `openLibrary`, over a new home.
    struct Server {
        let home: TemporaryHome
        let store: BookStore
        let jobs = JobRegistry()
        let workspace: Workspace
        let transport = HTTPClientTransport()

        init(openLibrary: URL) throws {
            home = try TemporaryHome()
            try ImportEndToEndTests.configure(home, openLibrary: openLibrary)
            let transport = transport
            workspace = Workspace(home: home.home, network: { _ in transport })
            store = try workspace.openStore()
        }

        func test(_ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
            let router = ServeRoutes.buildRouter(
                access: ServeAccess(host: "127.0.0.1", port: 80, token: ServeRouteTests.token), workspace: workspace,
                store: store, jobs: jobs)
            do {
                try await Application(router: router).test(.router, body)
            } catch {
                await jobs.stopAll()
                await transport.shutdown()
                throw error
            }
            await jobs.stopAll()
            await transport.shutdown()
        }

        /// What is left in the home's `uploads/`.
        var uploads: [String] {
            (try? FileManager.default.contentsOfDirectory(atPath: home.home.uploadsFolder.path)) ?? []
        }
    }

    static func headers(_ type: String) -> HTTPFields {
        [.authorization: "Bearer \(Routes.token)", .contentType: type]
    }

    /// The 2024 reads of the genuine export with a cover at the fake Open Library.
    static func expected2024() throws -> [ImportedBook] {
        let (books, _) = try StoryGraphTests.read(StoryGraphTests.raw)
        // Every book read in 2024: those without a cover at Open Library have a drawn one.
        return books.filter { $0.dateRead?.hasPrefix("2024-") == true }
    }

    @Test func theGenuineStoryGraphExportThroughTheAPIBecomesItsTag() async throws {
        let openLibrary = try StoryGraphImportTests.openLibraryForRawExport()
        let server = try Server(openLibrary: openLibrary.baseURL)
        let body = try Data(contentsOf: StoryGraphTests.raw)
        try await server.test { client in
            let started = try await client.execute(
                uri: "/api/imports?year=2024&name=mapmyreads.csv", method: .post, headers: Self.headers("text/csv"),
                body: ByteBuffer(bytes: body))
            #expect(started.status == .accepted, "\(Routes.body(started))")
            let answer = try Routes.json(started)
            #expect(answer["tags"] as? [String] == ["read 2024"])
            let job = try #require(answer["job"] as? String)
            let done = try await Routes.finished(job, client)
            #expect(done["state"] as? String == "done", "\(done)")
            let result = try #require(done["result"] as? [String: Any])
            #expect(
                result["file"] as? String == "mapmyreads.csv",
                "the reader's name for the file, not its place in the home")
            let stored = try server.store.books(of: TagName("read 2024"))
            let expected = try Self.expected2024()
            #expect(stored.count == expected.count)
            #expect(Set(stored.map(\.book.title)) == Set(expected.map(\.title)))
            let tag = try #require(try server.store.tag(TagName("read 2024")))
            #expect(tag.origin == .export(format: .storygraph, shelf: nil, year: 2024))
            #expect(server.uploads.isEmpty, "the upload is removed once imported: \(server.uploads)")
        }
    }

    @Test func theImportPagesFormTakesTheFileAndFollowsTheJob() async throws {
        let openLibrary = try StoryGraphImportTests.openLibraryForRawExport()
        let server = try Server(openLibrary: openLibrary.baseURL)
        let file = try Data(contentsOf: StoryGraphTests.raw)
        let boundary = "----booktag\(UUID().uuidString)"
        var body = Data()
        func field(_ name: String, _ value: String) {
            body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        field("format", "auto")
        field("year", "2024")
        field("shelf", "")
        body += Data(
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"../../etc/\u{7}my export.csv\"\r\nContent-Type: text/csv\r\n\r\n"
                .utf8)
        body += file
        body += Data("\r\n".utf8)
        field("prefix", "")
        body += Data("--\(boundary)--\r\n".utf8)
        let form = body
        try await server.test { client in
            var headers = Self.headers("multipart/form-data; boundary=\(boundary)")
            headers[.authorization] = nil
            headers[.cookie] = "booktag-80=\(Routes.token)"
            headers[.origin] = "http://localhost"
            let posted = try await client.execute(
                uri: "/import", method: .post, headers: headers, body: ByteBuffer(bytes: form))
            #expect(posted.status == .seeOther, "\(Routes.body(posted))")
            let location = try #require(posted.headers[.location])
            #expect(location.hasPrefix("/import?job="))
            let done = try await Routes.finished(String(location.dropFirst("/import?job=".count)), client)
            #expect(
                (done["result"] as? [String: Any])?["file"] as? String == "my export.csv",
                "path and control characters taken off")
            let page = try await client.execute(uri: location, method: .get, headers: Routes.bearer) { Routes.body($0) }
            #expect(page.contains("href=\"/tags/read%202024\""), "the page links the tag it made")
            #expect(try server.store.books(of: TagName("read 2024")).count == (try Self.expected2024()).count)
            #expect(server.uploads.isEmpty)
            let tags = try await client.execute(uri: "/", method: .get, headers: Routes.bearer) { Routes.body($0) }
            #expect(tags.contains("href=\"/import\""), "the tags page links the import page")
        }
    }

    @Test func refusedUploadsSayWhyAndLeaveNothing() async throws {
        let openLibrary = try StoryGraphImportTests.openLibraryForRawExport()
        let server = try Server(openLibrary: openLibrary.baseURL)
        let export = try Data(contentsOf: StoryGraphTests.raw)
        try await server.test { client in
            func post(_ uri: String, _ headers: HTTPFields, _ body: ByteBuffer) async throws -> (
                HTTPResponse.Status, String
            ) {
                try await client.execute(uri: uri, method: .post, headers: headers, body: body) {
                    // The API answers {"error"}; the page, a page with the line in it.
                    ($0.status, (try? Routes.json($0)["error"] as? String) ?? Routes.body($0))
                }
            }
            // Over the cap (as sent: a declared length is checked by ServeProcessTests).
            let (big, bigError) = try await post(
                "/api/imports", Self.headers("text/csv"),
                ByteBuffer(repeating: UInt8(ascii: "a"), count: 51 * 1024 * 1024))
            #expect(big == .contentTooLarge && bigError.contains("50 MiB"), "\(bigError)")
            // No known format: the formats named, the upload's place in the home not.
            let (unknown, unknownError) = try await post(
                "/api/imports", Self.headers("text/csv"), ByteBuffer(string: "hello,world\n1,2\n"))
            #expect(unknown == .badRequest)
            #expect(
                unknownError.contains("StoryGraph export CSV") && unknownError.contains("Goodreads library export CSV"),
                "\(unknownError)")
            #expect(!unknownError.contains(server.home.home.uploadsFolder.path), "\(unknownError)")
            let (badFormat, badFormatError) = try await post(
                "/api/imports?format=kindle", Self.headers("text/csv"), ByteBuffer(bytes: export))
            #expect(badFormat == .badRequest && badFormatError.contains("storygraph"), "\(badFormatError)")
            let (empty, _) = try await post("/api/imports", Self.headers("text/csv"), ByteBuffer())
            #expect(empty == .badRequest)
            let (wrongType, wrongTypeError) = try await post(
                "/api/imports", Self.headers("image/png"), ByteBuffer(bytes: export))
            #expect(wrongType == .unsupportedMediaType && wrongTypeError.contains("text/csv"))
            // Another site's page.
            var crossSite = Self.headers("multipart/form-data; boundary=x")
            crossSite[.authorization] = nil
            crossSite[.cookie] = "booktag-80=\(Routes.token)"
            crossSite[.origin] = "https://evil.example"
            let (forbidden, _) = try await post("/import", crossSite, ByteBuffer(string: "--x--\r\n"))
            #expect(forbidden == .forbidden)
            // A form without its file.
            var form = Self.headers("multipart/form-data; boundary=x")
            form[.origin] = "http://localhost"
            let (noFile, noFileError) = try await post(
                "/import", form,
                ByteBuffer(string: "--x\r\nContent-Disposition: form-data; name=\"year\"\r\n\r\n2024\r\n--x--\r\n"))
            #expect(noFile == .badRequest && noFileError.contains("choose"), "\(noFile) \(noFileError)")
            // The tag busy with another job.
            let gate = AsyncStream<Void>.makeStream()
            let holder = try server.jobs.start(kind: "reroll", tags: [TagName("read 2024")]) { _ in
                for await _ in gate.stream {}
                return JSONFragment(raw: "{}")
            }
            let (busy, busyError) = try await post(
                "/api/imports?year=2024", Self.headers("text/csv"), ByteBuffer(bytes: export))
            #expect(busy == .conflict && busyError.contains("read 2024"), "\(busyError)")
            gate.continuation.finish()
            _ = try await Routes.finished(holder, client)

            #expect(try server.store.tags().isEmpty, "nothing stored")
            #expect(server.uploads.isEmpty, "no file left: \(server.uploads)")
        }
    }

    @Test func aFileAKilledServerLeftIsSweptAtStartAndALiveOnesIsNot() throws {
        let home = try TemporaryHome()
        let uploads = UploadFolder(home: home.home)
        try BookTagHome.createFolder(uploads.folder)
        // pid 2^22+1 is above Linux's pid_max: no process has it.
        let dead = uploads.folder.appendingPathComponent("upload-4194305-00ff")
        let live = uploads.folder.appendingPathComponent("upload-\(getpid())-00ff")
        try Data("a".utf8).write(to: dead)
        try Data("b".utf8).write(to: live)
        uploads.sweep()
        #expect(!FileManager.default.fileExists(atPath: dead.path))
        #expect(FileManager.default.fileExists(atPath: live.path))
    }

    @Test func namesFromTheBrowserAreMadeSafeToShow() {
        #expect(
            UploadFolder.displayName("C:\\Users\\me\\goodreads_library_export.csv") == "goodreads_library_export.csv")
        #expect(UploadFolder.displayName("../../x\u{0}\u{1b}[31m.csv") == "x[31m.csv")
        #expect(UploadFolder.displayName("\u{202e}vsc.exe") == "vsc.exe")
        #expect(UploadFolder.displayName("..") == "the uploaded file")
        #expect(UploadFolder.displayName(nil) == "the uploaded file")
        #expect(UploadFolder.displayName(String(repeating: "é", count: 500)).count == 120)
    }
}
