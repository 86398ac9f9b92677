import BookTag
import BookTagTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BookTagServe

/// The devices' refusals: each leaves the home as it was.
extension ServeDeviceTests {
    /// Wrong, revoked or guessed credentials change nothing; serve's token is no device's; ten
    /// failures a minute hold the address off; neither a password nor its MD5 is in the store.
    @Test func wrongRevokedOrGuessedCredentialsChangeNothing() async throws {
        let openLibrary = try FakeOpenLibrary(books: [])
        let server = try Server(openLibrary: openLibrary.baseURL)
        try await server.test { client in
            let kobo = try server.reader("kobo", client)
            let before = try server.snapshot()
            let wrong = KOReaderStandIn(
                client: client, davAddress: kobo.davAddress, syncServer: kobo.syncServer, user: "kobo",
                password: "aaaa-bbbb-cccc-dddd")
            await #expect(throws: KOReaderStandIn.Failure.self) {
                try await wrong.syncStatistics(SyntheticSecondDevice.genuine)
            }
            let (status, _) = try await wrong.authorize()
            #expect(status == .unauthorized)
            // serve's token opens the app, not the devices' door.
            let put = try await client.execute(
                uri: Self.base + "/dav/statistics.sqlite3", method: .put, headers: Routes.bearer,
                body: ByteBuffer(bytes: try Data(contentsOf: SyntheticSecondDevice.genuine)))
            #expect(put.status == .unauthorized && put.headers[.wwwAuthenticate]?.hasPrefix("Basic") == true)
            #expect(try server.snapshot() == before)

            // Revoked: at once, for the server already running.
            try DeviceRegistry(store: server.store).remove("kobo")
            await #expect(throws: KOReaderStandIn.Failure.self) {
                try await kobo.syncStatistics(SyntheticSecondDevice.genuine)
            }
            let revoked = try await kobo.authorize().0
            #expect(revoked == .unauthorized)
            #expect(try server.snapshot() == before)

            // Guessing: the tenth failure in a minute holds the address off, the right password too.
            let boox = try server.reader("boox", client)
            // Four failures so far (the wrong password's GET and log-in, the revoked device's).
            var statuses: [Int] = []
            for guess in 0..<6 {
                let guesser = KOReaderStandIn(
                    client: client, davAddress: boox.davAddress, syncServer: boox.syncServer, user: "boox",
                    password: "guess-\(guess)")
                statuses.append(Int(try await guesser.authorize().0.code))
            }
            #expect(statuses == [Int](repeating: 401, count: 6))
            let heldOff = try await boox.authorize().0
            #expect(heldOff == .tooManyRequests)
            #expect(try server.snapshot() == before)

            let database =
                try Data(contentsOf: server.home.home.databaseFile)
                + ((try? Data(contentsOf: URL(fileURLWithPath: server.home.home.databaseFile.path + "-wal"))) ?? Data())
            for secret in [boox.password, md5Hex(boox.password), kobo.password, md5Hex(kobo.password)] {
                #expect(database.range(of: Data(secret.utf8)) == nil, "a password or its MD5 is in the store")
            }
        }
    }

    /// What is not KOReader's statistics database, a body over the cap, another file name:
    /// each refused, the home as it was.
    @Test func hostileUploadsLeaveTheHomeAsItWas() async throws {
        let openLibrary = try FakeOpenLibrary(books: [])
        let server = try Server(openLibrary: openLibrary.baseURL)
        let scratch = try TemporaryHome()
        // SQLite, but booktag's own store rather than KOReader's statistics.
        let notKOReaders = scratch.folder.appendingPathComponent("other.sqlite3")
        try FileManager.default.copyItem(at: server.home.home.databaseFile, to: notKOReaders)
        try await server.test { client in
            let kobo = try server.reader("kobo", client)
            let before = try server.snapshot()
            let auth = "Basic " + Data("kobo:\(kobo.password)".utf8).base64EncodedString()
            let path = Self.base + "/dav/statistics.sqlite3"
            for (body, expected) in [
                (Data("SQLite format 3\0 but then nothing".utf8), HTTPResponse.Status.badRequest),
                (Data("id,title\n1,Dune\n".utf8), .badRequest),
                (try Data(contentsOf: notKOReaders), .badRequest),
            ] {
                let response = try await client.execute(
                    uri: path, method: .put, headers: [.authorization: auth], body: ByteBuffer(bytes: body))
                #expect(response.status == expected, "\(Routes.body(response))")
                #expect(
                    Routes.body(response).contains("nothing was stored") || Routes.body(response).contains("KOReader"))
                #expect(!Routes.body(response).contains(server.home.folder.path), "no path of the home in an answer")
            }
            // Over the cap (1 MiB in this server, 256 MiB in booktag's), streamed: 413.
            var large = try Data(contentsOf: SyntheticSecondDevice.genuine)
            large.append(Data(repeating: 0, count: (1 << 20) + 1 - large.count))
            let overCap = try await client.execute(
                uri: path, method: .put, headers: [.authorization: auth], body: ByteBuffer(bytes: large))
            #expect(overCap.status == .contentTooLarge, "\(Routes.body(overCap))")
            let other = try await client.execute(
                uri: Self.base + "/dav/books/statistics.sqlite3", method: .put, headers: [.authorization: auth],
                body: ByteBuffer(bytes: try Data(contentsOf: SyntheticSecondDevice.genuine)))
            #expect(other.status == .forbidden)
            let elsewhere = try await client.execute(
                uri: Self.base + "/dav/notes.txt", method: .put, headers: [.authorization: auth],
                body: ByteBuffer(string: "hello"))
            #expect(elsewhere.status == .forbidden)
            #expect(try server.snapshot() == before)
        }
    }
}
