import BookTagTestSupport
import Crypto
import Foundation
import Testing

/// The devices' door of the real `booktag serve` over TCP: an upload declared over the cap and one
/// cut off part-way leave the home as it was; a whole one syncs; and nothing the server prints,
/// on either stream, holds a password or its MD5.
@Suite struct ServeDeviceProcessTests {
    @Test func cutAndOversizedUploadsLeaveNothingAndNoSecretIsPrinted() async throws {
        let home = try TemporaryHome()
        // Open Library unreachable: the sync draws its covers, quickly, with no network.
        try Data(#"{"openlibrary": {"baseURL": "http://127.0.0.1:9", "coversURL": "http://127.0.0.1:9"}}"#.utf8)
            .write(to: home.home.configFile)
        let added = try await BooktagProcess.run(["devices", "add", "kobo", "--json", "--home", home.folder.path])
        let password = try #require(
            (try JSONSerialization.jsonObject(with: Data(added.output.utf8)) as? [String: String])?["password"])
        let basic = "Basic " + Data("kobo:\(password)".utf8).base64EncodedString()
        let statistics = try Data(contentsOf: SyntheticSecondDevice.genuine)
        let server = try await ServeProcess(home: home.folder)
        try await server.stopAfter { server in
            // Declared over 256 MiB: refused before a byte of the body is kept.
            let port = server.port
            let declaredHead =
                "PUT /dav/statistics.sqlite3 HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: \(basic)\r\nContent-Length: \(300 << 20)\r\nConnection: close\r\n\r\n"
            let declared = try await offThePool { try RawHTTP.exchange(Data(declaredHead.utf8), port: port) }
            #expect(declared.status == 413, "\(declared.text)")
            // Cut off after half the database: nothing kept, no file left in uploads/.
            let head =
                "PUT /dav/statistics.sqlite3 HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nAuthorization: \(basic)\r\nContent-Length: \(statistics.count)\r\n\r\n"
            try await offThePool {
                let socket = try RawHTTP.connect(port: port)
                try? RawHTTP.write(Data(head.utf8) + statistics.prefix(statistics.count / 2), to: socket)
                close(socket)
            }
            try await Task.sleep(for: .milliseconds(300))
            #expect(try Self.uploads(home).isEmpty)
            let listed = try await server.request("GET", "/api/tags")
            #expect(listed.text.trimmingCharacters(in: .whitespacesAndNewlines) == "[]", "\(listed.text)")
            // Wrong, then right.
            let wrong = try await server.request(
                "PROPFIND", "/dav/",
                headers: [
                    "Authorization": "Basic " + Data("kobo:\(password)x".utf8).base64EncodedString(), "Depth": "0",
                ],
                authorized: false)
            #expect(wrong.status == 401)
            let whole = try await server.request(
                "PUT", "/dav/statistics.sqlite3", headers: ["Authorization": basic], body: statistics, authorized: false
            )
            #expect(whole.status == 201, "\(whole.text)")
            var made = false
            for _ in 0..<500 where !made {
                made = try await server.request("GET", "/api/tags").text.contains("koreader currently-reading")
                if !made { try await Task.sleep(for: .milliseconds(20)) }
            }
            #expect(made, "the sync made its tag")
            let key = Insecure.MD5.hash(data: Data(password.utf8)).map { String(format: "%02x", $0) }.joined()
            let progress = try await server.request(
                "PUT", "/kosync/syncs/progress",
                headers: ["x-auth-user": "kobo", "x-auth-key": key, "Content-Type": "application/json"],
                body: Data(
                    #"{"document":"abc","progress":"12","percentage":0.5,"device":"Kobo","device_id":"X"}"#.utf8),
                authorized: false)
            #expect(
                progress.status == 200 && progress.headers["content-type"] == "application/json", "\(progress.headers)")
        }
        let key = Insecure.MD5.hash(data: Data(password.utf8)).map { String(format: "%02x", $0) }.joined()
        // Read once the server has ended: while it runs, reading its pipe would wait for more.
        let output = server.standardError
        for secret in [password, key] { #expect(!output.contains(secret), "serve printed a secret: \(output)") }
        #expect(try Self.uploads(home).isEmpty)
    }

    static func uploads(_ home: TemporaryHome) throws -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: home.home.uploadsFolder.path)) ?? []
    }
}
