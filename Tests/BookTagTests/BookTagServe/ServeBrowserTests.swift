import BookTag
import BookTagTestSupport
import Foundation
import Testing

/// The reader's flow through `booktag serve` in Debian's headless Chromium, driven over the
/// DevTools protocol by Tests/browser/serve_flow.py: with script on (live progress) and off
/// (plain forms), no console error either way. The books come from the bundled Open Library
/// recording served over HTTP with the throttle on, so progress really is watched.
@Suite("Serve in a browser", .serialized)
struct ServeBrowserTests {
    static let chromium = Chromium.available()
    static let script = Fixtures.packageRoot.appendingPathComponent("Tests/browser/serve_flow.py")

    @Test(
        .enabled(
            if: chromium != nil,
            "needs Chromium: \(Chromium.unavailableReason) (scripts/system-packages --test installs it)"))
    func theWholeFlowWithScriptOnAndOff() async throws {
        let chromium = try #require(Self.chromium)
        let (replay, home) = try ServeProcess.throttledHome(interval: 0.6)
        defer { withExtendedLifetime(replay) {} }  // serving until the test ends
        let server = try await ServeProcess(home: home.folder)
        var arguments = [
            Self.script.path, "--address", server.address.absoluteString, "--booktag", BooktagProcess.binary.path,
            "--home", home.folder.path,
            "--chromium", chromium.executable,
        ]
        // BOOKTAG_SCREENSHOTS=docs makes the README's pictures from this same run.
        if let folder = ProcessInfo.processInfo.environment["BOOKTAG_SCREENSHOTS"] {
            arguments += ["--screenshots", folder]
        }
        let run = try await Self.python(arguments)
        #expect(run.status == 0, "\(run.output)\n\(run.errors)")
        #expect(run.output.contains("flow with script on: passed"))
        #expect(run.output.contains("flow with script off: passed"))
        #expect(run.output.contains("no console errors"))
        server.signal(SIGTERM)
        #expect(await server.waitForExit(seconds: 60) == 0)
    }

    static let readerScript = Fixtures.packageRoot.appendingPathComponent("Tests/browser/serve_reader.py")
    /// axe-core, fetched from PyPI by scripts/axe-core (scripts/test runs it).
    static let axe: URL? = {
        let file = Fixtures.packageRoot.appendingPathComponent(".build/axe/axe.min.js")
        return FileManager.default.fileExists(atPath: file.path) ? file : nil
    }()

    /// The app in a reader's hand (Tests/browser/serve_reader.py): the genuine StoryGraph export
    /// imported through the import page, the collage shared (downloaded: headless Chromium cannot
    /// share files), the manifest and icons loaded without error, every control reached by
    /// keyboard, and axe-core over every page by day and night at phone and desktop widths.
    @Test(
        .enabled(
            if: chromium != nil,
            "needs Chromium: \(Chromium.unavailableReason) (scripts/system-packages --test installs it)"),
        .enabled(if: axe != nil, "needs axe-core: scripts/axe-core fetches it from PyPI"))
    func aReaderImportsSharesInstallsAndEveryPageIsAccessible() async throws {
        let chromium = try #require(Self.chromium)
        let openLibrary = try StoryGraphImportTests.openLibraryForRawExport()
        let home = try TemporaryHome()
        try ImportEndToEndTests.configure(home, openLibrary: openLibrary.baseURL)
        let server = try await ServeProcess(home: home.folder)
        var arguments = [
            Self.readerScript.path, "--address", server.address.absoluteString, "--booktag", BooktagProcess.binary.path,
            "--home", home.folder.path,
            "--export", StoryGraphTests.raw.path, "--axe", try #require(Self.axe).path, "--chromium",
            chromium.executable,
        ]
        if let folder = ProcessInfo.processInfo.environment["BOOKTAG_SCREENSHOTS"] {
            arguments += ["--screenshots", folder]
        }
        let run = try await Self.python(arguments)
        print(run.output.split(separator: "\n").filter { $0.hasPrefix("FIGURE:") }.joined(separator: "\n"))
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("import from the page: passed"))
        #expect(run.output.contains("share: passed"))
        #expect(run.output.contains("calendar: passed"), "the tag page draws the reading calendar with its words")
        #expect(run.output.contains("manifest: passed"))
        #expect(run.output.contains("share link: passed"), "a stranger opens the shared page and its preview")
        #expect(run.output.contains("stop sharing: passed"))
        #expect(run.output.contains("languages: passed"), "no page overflows a phone in the pseudo-language")
        #expect(run.output.contains("keyboard: passed"))
        #expect(
            run.output.contains("FIGURE: axe-core 4.12")
                && run.output.contains(": 0 serious or critical violations over 24 runs"))
        let uploads = (try? FileManager.default.contentsOfDirectory(atPath: home.home.uploadsFolder.path)) ?? []
        #expect(uploads.isEmpty, "no upload left in the home: \(uploads)")
        server.signal(SIGTERM)
        #expect(await server.waitForExit(seconds: 60) == 0)
    }

    static let proxiedScript = Fixtures.packageRoot.appendingPathComponent("Tests/browser/serve_proxied.py")
    /// Debian's nginx and Caddy, and openssl for nginx's certificate (scripts/system-packages --test).
    static let proxies = ["/usr/sbin/nginx", "/usr/bin/caddy", "/usr/bin/openssl"].allSatisfy {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// serve under `/booktag/` behind real proxies (Tests/browser/serve_proxied.py): Caddy and
    /// nginx over HTTPS with docs/guide.md's blocks as written (the prefix stripped and said in
    /// `X-Forwarded-Prefix`), and nginx passing the whole path to a serve with `--base-path`.
    @Test(
        .enabled(
            if: chromium != nil,
            "needs Chromium: \(Chromium.unavailableReason) (scripts/system-packages --test installs it)"),
        .enabled(if: axe != nil, "needs axe-core: scripts/axe-core fetches it from PyPI"),
        .enabled(if: proxies, "needs nginx-light, caddy and openssl (scripts/system-packages --test installs them)"))
    func behindNginxAndCaddyUnderASubPath() async throws {
        let chromium = try #require(Self.chromium)
        var servers: [ServeProcess] = []
        var homes: [TemporaryHome] = []
        var devices: [String] = []
        for arguments in [[], ["--base-path", "/booktag"]] {
            let home = try TemporaryHome()
            try Data(#"{"serve": {"trustedProxies": ["127.0.0.1"]}, "collage": {"size": "512x512"}}"#.utf8)
                .write(to: home.home.configFile)
            let added = try await BooktagProcess.run(
                ["add", "fantasy", "--replay", Fixtures.openLibraryReplay.path, "--home", home.folder.path, "--quiet"])
            try #require(added.status == 0, "\(added.errors)")
            let device = try await BooktagProcess.run(["devices", "add", "kobo", "--json", "--home", home.folder.path])
            let password = try #require(
                try JSONSerialization.jsonObject(with: Data(device.output.utf8)) as? [String: String])["password"]
            devices.append("kobo:\(try #require(password))")
            servers.append(try await ServeProcess(home: home.folder, arguments: arguments))
            homes.append(home)
        }
        let run = try await Self.python([
            Self.proxiedScript.path, "--stripped", servers[0].address.absoluteString,
            "--based", servers[1].address.absoluteString,
            "--stripped-device", devices[0], "--based-device", devices[1],
            "--statistics", SyntheticSecondDevice.genuine.path,
            "--guide", Fixtures.packageRoot.appendingPathComponent("docs/guide.md").path,
            "--axe", try #require(Self.axe).path, "--chromium", chromium.executable,
        ])
        #expect(run.status == 0, "\(run.output)")
        for way in ["caddy (https:", "nginx (https:", "based (http:"] {
            #expect(run.output.contains(way) && run.output.contains("axe-core clean"), "\(way) \(run.output)")
        }
        #expect(run.output.contains("cookie Path=/booktag; Secure"))
        for way in ["caddy", "nginx", "based"] {
            #expect(run.output.contains("\(way) e-reader: passed (statistics sent"), "\(way) \(run.output)")
        }
        #expect(run.output.contains("no console errors"))
        for server in servers {
            server.signal(SIGTERM)
            #expect(await server.waitForExit(seconds: 60) == 0)
        }
        _ = homes
    }

    static func python(_ arguments: [String]) async throws -> BooktagProcess.Run {
        try await offThePool {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3"] + arguments
            // One stream: the script's report and its failures, in order.
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            try process.run()
            let data = BooktagProcess.readToEnd(output)
            process.waitUntilExit()
            return BooktagProcess.Run(
                status: process.terminationStatus, output: String(decoding: data, as: UTF8.self), errors: "")
        }
    }
}
