import BookTag
import BookTagTestSupport
import Foundation
import Testing

@testable import BookTagServe

/// `serve` as a service: the token is the home's, so a restart keeps the address a phone saved;
/// `--new-token` ends the old one's access at once, cookies included; one server per home.
@Suite("Serve token", .serialized)
struct ServeTokenTests {
    @Test func aRestartKeepsTheAddressAndNewTokenEndsTheOld() async throws {
        let home = try TemporaryHome()
        let first = try await ServeProcess(home: home.folder)
        let port = first.port
        first.signal(SIGTERM)
        #expect(await first.waitForExit(seconds: 60) == 0)

        let again = try await ServeProcess(home: home.folder, arguments: ["--port", "\(port)"])
        #expect(again.address == first.address, "a restart on the same port prints the same address and token")
        #expect(try await again.request("GET", "/api/tags").status == 200)
        again.signal(SIGTERM)
        #expect(await again.waitForExit(seconds: 60) == 0)
        let kept = try String(contentsOf: home.home.serveTokenFile, encoding: .utf8)
        #expect(kept.trimmingCharacters(in: .newlines) == first.token)
        #expect(try Self.permissions(home.home.serveTokenFile) == 0o600)

        let renewed = try await ServeProcess(home: home.folder, arguments: ["--port", "\(port)", "--new-token"])
        #expect(renewed.token != first.token)
        let old = try await renewed.request(
            "GET", "/api/tags", headers: ["Authorization": "Bearer \(first.token)"], authorized: false)
        #expect(old.status == 401)
        let oldCookie = try await renewed.request(
            "GET", "/", headers: ["Cookie": "booktag-\(port)=\(first.token)"], authorized: false)
        #expect(oldCookie.status == 401)
        let oldAddress = try await renewed.request("GET", "/?token=\(first.token)", authorized: false)
        #expect(oldAddress.status == 401)
        #expect(try await renewed.request("GET", "/api/tags").status == 200)
        renewed.signal(SIGTERM)
        #expect(await renewed.waitForExit(seconds: 60) == 0)
        #expect(!renewed.standardError.contains(renewed.token), "the token is printed on stdout only")
    }

    /// A second server would share the token file: it is refused with the first one's address,
    /// and without its token.
    @Test func aSecondServeOnTheHomeNamesTheFirst() async throws {
        let home = try TemporaryHome()
        let first = try await ServeProcess(home: home.folder)
        let second = try await BooktagProcess.run(["serve", "--port", "0", "--home", home.folder.path])
        #expect(second.status == 64)
        let line =
            "error: booktag serve is already running on this home at http://127.0.0.1:\(first.port)/: use it, or stop it first\n"
        #expect(second.errors == line)
        #expect(second.output.isEmpty)
        let renewing = try await BooktagProcess.run(["serve", "--port", "0", "--new-token", "--home", home.folder.path])
        #expect(renewing.status == 64, "a new token is not made under a running server")
        #expect(try await first.request("GET", "/api/tags").status == 200)
        first.signal(SIGTERM)
        #expect(await first.waitForExit(seconds: 60) == 0)
    }

    /// A token others could read, or one that is not a token, is replaced with one warning.
    @Test(arguments: [
        (
            Data("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef\n".utf8), 0o644,
            "could be read by other users"
        ),
        (Data("not a token\n".utf8), 0o600, "held no valid token"),
        (Data(), 0o600, "held no valid token"),
        (Data(repeating: 0xff, count: 100_000), 0o600, "held no valid token"),
    ])
    func aTokenFileNotToTrustIsReplaced(content: Data, mode: Int, warning: String) async throws {
        let home = try TemporaryHome()
        let file = home.home.serveTokenFile
        try content.write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file.path)
        let server = try await ServeProcess(home: home.folder)
        #expect(server.token.count == 64)
        #expect(!String(decoding: content, as: UTF8.self).contains(server.token))
        server.signal(SIGTERM)
        #expect(await server.waitForExit(seconds: 60) == 0)
        let errors = server.standardError
        #expect(errors == "warning: \(file.path) \(warning): a new token replaces it\n", "\(errors)")
        #expect(try Self.permissions(file) == 0o600)
        #expect(try String(contentsOf: file, encoding: .utf8) == server.token + "\n")
    }

    /// A link is never followed: whatever it points at is left alone.
    @Test func aLinkInPlaceOfTheTokenIsNotFollowed() throws {
        let home = try TemporaryHome()
        let elsewhere = home.folder.appendingPathComponent("elsewhere")
        try Data("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef".utf8).write(to: elsewhere)
        try FileManager.default.createSymbolicLink(at: home.home.serveTokenFile, withDestinationURL: elsewhere)
        let (token, warning) = try ServeToken.load(home: home.home, renew: false)
        #expect(warning?.contains("symbolic link") == true)
        #expect(token.value != "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef")
        #expect(try String(contentsOf: elsewhere, encoding: .utf8).hasPrefix("0123456789abcdef"))
        let type =
            try FileManager.default.attributesOfItem(atPath: home.home.serveTokenFile.path)[.type] as? FileAttributeType
        #expect(type == .typeRegular, "the link itself was replaced by a file of booktag's")
    }

    /// What cannot be replaced (here a folder in the token's place) is one line, and no server.
    @Test func aTokenThatCannotBeKeptIsOneLine() async throws {
        let home = try TemporaryHome()
        try FileManager.default.createDirectory(at: home.home.serveTokenFile, withIntermediateDirectories: true)
        let run = try await BooktagProcess.run(["serve", "--port", "0", "--home", home.folder.path])
        #expect(run.status == 74)
        #expect(run.output.isEmpty)
        #expect(
            run.errors.hasPrefix("error: cannot keep the access token in \(home.home.serveTokenFile.path): "),
            "\(run.errors)")
        #expect(run.errors.split(separator: "\n").count == 1)
    }

    static func permissions(_ file: URL) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int) ?? -1
    }
}
