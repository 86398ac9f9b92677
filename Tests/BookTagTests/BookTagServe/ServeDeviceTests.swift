import BookTag
import BookTagHTTP
import BookTagTestSupport
import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BookTagServe

/// KOReader syncing into serve by itself (SPEC, Serve → Devices), in process: a stand-in that
/// makes exactly the requests of KOReader's statistics Cloud sync (WebDAV) and progress sync
/// (kosync), over the genuine statistics database and a SYNTHETIC second device that overlaps
/// it, under a base path as behind a proxy. Covers come from a fake Open Library on loopback, or
/// from none at all (a NAS without internet).
@Suite("Serve devices", .serialized)
struct ServeDeviceTests {
    typealias Routes = ServeRouteTests
    static let base = "/booktag"

    /// A server under `/booktag` over a new home whose Open Library is `openLibrary`.
    struct Server {
        let home: TemporaryHome
        let store: BookStore
        /// A server's jobs; a server started again over the same home gets new ones.
        var jobs = JobRegistry()
        let workspace: Workspace

        init(openLibrary: URL) throws {
            home = try TemporaryHome()
            try ImportEndToEndTests.configure(home, openLibrary: openLibrary)
            // A transport for each sync, as the command line's workspace makes them: each
            // import closes its own when it ends.
            workspace = Workspace(home: home.home, network: { _ in HTTPClientTransport() })
            store = try workspace.openStore()
        }

        func test(_ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
            var settings = ServeSettings()
            settings.basePath = ServeDeviceTests.base
            let router = ServeRoutes.buildRouter(
                access: ServeAccess(host: "127.0.0.1", port: 80, token: Routes.token, settings: settings),
                workspace: workspace, store: store, jobs: jobs, deviceUploadLimit: 1 << 20)
            do {
                try await Application(router: router).test(.router, body)
            } catch {
                await jobs.stopAll()
                throw error
            }
            await jobs.stopAll()
        }

        /// A KOReader signed in as a new device `name`.
        func reader(_ name: String, _ client: any TestClientProtocol) throws -> KOReaderStandIn {
            let (_, password) = try DeviceRegistry(store: store).add(name)
            return KOReaderStandIn(
                client: client, davAddress: ServeDeviceTests.base + "/dav/",
                syncServer: ServeDeviceTests.base + "/kosync", user: name, password: password)
        }

        /// Waits for every sync job to end; each must have succeeded.
        func syncsFinished() async throws {
            for _ in 0..<1000 {
                let syncs = jobs.jobs(ofKind: "sync")
                if syncs.allSatisfy({ $0.state != .running }) {
                    for job in syncs { #expect(job.state == .done, "\(job.error ?? "")") }
                    return
                }
                try await Task.sleep(for: .milliseconds(10))
            }
            Issue.record("the sync did not finish")
        }

        /// What the home holds of the devices' readings and tags, to show that nothing changed.
        func snapshot() throws -> [String] {
            let tags = try store.tags().map { "\($0.name) \($0.bookCount)" }
            let rows = try DatabaseQueue(path: home.home.databaseFile.path).read { db in
                try Int.fetchOne(db, sql: "SELECT count(*) FROM devicePageStat") ?? -1
            }
            let uploads = (try? FileManager.default.contentsOfDirectory(atPath: home.home.uploadsFolder.path)) ?? []
            return tags + ["rows \(rows)", "uploads \(uploads.count)"]
        }
    }

    static func secondDevice() throws -> (URL, TemporaryHome) {
        let folder = try TemporaryHome()
        let file = folder.folder.appendingPathComponent("statistics.sqlite3")
        try SyntheticSecondDevice.write(to: file)
        return (file, folder)
    }

    /// Done when: two devices sync, request for request, into one record that equals an import
    /// of their union (made here in SQL of the test's own); a re-sync doubles nothing.
    @Test func twoDevicesSyncIntoOneRecordThatEqualsAnImportOfTheirUnion() async throws {
        let openLibrary = try FakeOpenLibrary(books: [])
        let server = try Server(openLibrary: openLibrary.baseURL)
        let (second, scratch) = try Self.secondDevice()
        try await server.test { client in
            let kobo = try server.reader("kobo", client)
            let boox = try server.reader("boox", client)
            // Choosing the folder, as the cloud's setup does: the folder itself, under the base.
            #expect(try await kobo.chooseFolder() == [Self.base + "/dav/"])
            #expect(try await kobo.syncStatistics(SyntheticSecondDevice.genuine) == .created)
            try await server.syncsFinished()
            #expect(try await boox.syncStatistics(second) == .created)
            try await server.syncsFinished()
            // Again, the same databases: nothing doubles.
            #expect(try await kobo.syncStatistics(SyntheticSecondDevice.genuine) == .noContent)
            try await server.syncsFinished()
            #expect(try await boox.syncStatistics(second) == .noContent)
            try await server.syncsFinished()
        }
        // The union, by the test's own SQL, imported into another home as one file.
        let union = scratch.folder.appendingPathComponent("union.sqlite3")
        try SyntheticSecondDevice.union(SyntheticSecondDevice.genuine, second, into: union)
        let other = try Server(openLibrary: openLibrary.baseURL)
        var request = ImportRequest(file: union, format: .koreader, prefix: "koreader")
        request.name = "union"
        let imports = ImportLibrary(workspace: other.workspace, store: other.store)
        _ = try await imports.run(
            try imports.plan(request), configuration: try other.workspace.configuration(), nightMode: false)

        let names = ["koreader read", "koreader currently-reading"]
        for name in names {
            let tag = try TagName(name)
            let synced = try BookRow.listing(of: tag, store: server.store)
            let imported = try BookRow.listing(of: tag, store: other.store)
            #expect(synced.map(\.title) == imported.map(\.title), "\(name)")
            #expect(synced.map(\.dateRead) == imported.map(\.dateRead), "\(name)")
            #expect(synced.map(\.id) == imported.map(\.id), "\(name)")
            #expect(try server.store.stats(of: tag) == other.store.stats(of: tag), "\(name)")
        }
        #expect(
            try BookRow.listing(of: TagName("koreader read"), store: server.store).map(\.title) == [
                "Crime and Punishment"
            ])
        #expect(
            try BookRow.listing(of: TagName("koreader currently-reading"), store: server.store).map(\.title)
                == ["The Left Hand of Darkness"])
        // The year's tag, with the book finished on 1 March 2025.
        let year = try BookRow.listing(of: TagName("koreader 2025"), store: server.store)
        #expect(year.map(\.title) == ["Crime and Punishment"] && year.first?.dateRead == "2025-03-01")
        // The time is the union's: the overlapping row once, at its longer 95 s.
        let seconds = try await DatabaseQueue(path: union.path).read { db in
            try Int.fetchOne(
                db,
                sql:
                    "SELECT sum(duration) FROM page_stat_data s JOIN book b ON b.id = s.id_book WHERE b.title = 'Crime and Punishment'"
            )
        }
        let stats = try server.store.stats(of: TagName("koreader read"))
        let february16 = (48...60).map { 40 + $0 % 7 }.reduce(0, +)
        #expect(seconds == 34 + 95 + 29 + 39 + february16 + 50)
        #expect(stats.time?.seconds == seconds)
        withExtendedLifetime(scratch) {}
    }

    /// Progress pushed by one device reads back on another, and shows on the tag page (a bar
    /// and its words) and in the API, with the device that sent it.
    @Test func progressReadsBackOnAnotherDeviceAndOnTheTagPage() async throws {
        let openLibrary = try FakeOpenLibrary(books: [])
        let server = try Server(openLibrary: openLibrary.baseURL)
        let (second, scratch) = try Self.secondDevice()
        try await server.test { client in
            let kobo = try server.reader("kobo", client)
            let boox = try server.reader("boox", client)
            #expect(try await boox.syncStatistics(second) == .created)
            try await server.syncsFinished()
            let (authorized, answer) = try await kobo.authorize()
            #expect(authorized == .ok && answer["authorized"] as? String == "OK")
            let (registered, refusal) = try await kobo.register()
            #expect(registered == .forbidden && (refusal["message"] as? String)?.contains("devices add") == true)
            let document = SyntheticSecondDevice.leftHandMD5
            let (unknown, nothing) = try await boox.getProgress(document: document)
            #expect(unknown == .ok && nothing.isEmpty)
            let (updated, receipt) = try await kobo.updateProgress(
                document: document, progress: "/body/DocFragment[12]/body/p[3]/text().0", percentage: 0.42,
                device: "Kobo Libra 2", deviceID: "A1B2")
            #expect(updated == .ok && receipt["document"] as? String == document && receipt["timestamp"] is Int)
            let (read, position) = try await boox.getProgress(document: document)
            #expect(read == .ok)
            #expect(position["percentage"] as? Double == 0.42)
            #expect(position["progress"] as? String == "/body/DocFragment[12]/body/p[3]/text().0")
            #expect(position["device"] as? String == "Kobo Libra 2" && position["device_id"] as? String == "A1B2")

            let tag = "koreader%20currently-reading"
            let api = try await client.execute(
                uri: Self.base + "/api/tags/\(tag)", method: .get, headers: Routes.bearer)
            let rows = try #require(try JSONSerialization.jsonObject(with: Data(buffer: api.body)) as? [[String: Any]])
            let progress = try #require(rows.first?["progress"] as? [String: Any])
            #expect(progress["percentage"] as? Double == 0.42 && progress["device"] as? String == "kobo")
            let page = try await client.execute(uri: Self.base + "/tags/\(tag)", method: .get, headers: Routes.bearer)
            let html = Routes.body(page)
            #expect(html.contains(#"<progress max="100" value="42""#), "\(html)")
            #expect(html.contains("42 % read · on kobo"))
        }
        withExtendedLifetime(scratch) {}
    }

    /// A NAS with no internet: the sync still makes the tags, each book with a drawn cover; a
    /// later sync that reaches Open Library puts the real cover in its place.
    @Test func aSyncWithoutInternetDrawsCoversALaterOneFetchesThem() async throws {
        // Nothing listens on port 9 of the loopback: Open Library cannot be reached.
        let server = try Server(openLibrary: URL(string: "http://127.0.0.1:9")!)
        try await server.test { client in
            let kobo = try server.reader("kobo", client)
            #expect(try await kobo.syncStatistics(SyntheticSecondDevice.genuine) == .created)
            try await server.syncsFinished()
        }
        let drawn = try BookRow.listing(of: TagName("koreader currently-reading"), store: server.store)
        #expect(drawn.map(\.title) == ["Crime and Punishment"] && drawn.allSatisfy(\.coverDrawn))

        let book = SyntheticExport.Book(
            bookID: 1, title: "Crime and Punishment", author: "Fyodor Dostoevsky", isbn10: nil, isbn13: nil,
            knownISBNs: [], coverID: 8_231_856, dateRead: nil, dateAdded: "2025/01/01", myRating: 0,
            exclusiveShelf: "currently-reading", shelves: [])
        let openLibrary = try FakeOpenLibrary(books: [book])
        try ImportEndToEndTests.configure(server.home, openLibrary: openLibrary.baseURL)
        var restarted = server
        restarted.jobs = JobRegistry()
        try await restarted.test { [restarted] client in
            let kobo = try restarted.reader("kobo-again", client)
            #expect(try await kobo.syncStatistics(SyntheticSecondDevice.genuine) == .created)
            try await restarted.syncsFinished()
        }
        let fetched = try BookRow.listing(of: TagName("koreader currently-reading"), store: server.store)
        #expect(fetched.map(\.title) == ["Crime and Punishment"])
        #expect(fetched.allSatisfy { !$0.coverDrawn }, "the real cover replaced the drawn one")
    }
}
