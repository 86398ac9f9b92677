import Foundation
import Testing

@testable import BookTag

@Suite struct ConfigurationTests {
    func load(_ json: String?, environment: [String: String] = [:]) throws(ConfigError) -> BookTagConfiguration {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "booktag-config-\(UUID().uuidString).json")
        if let json { try? Data(json.utf8).write(to: file) }
        defer { try? FileManager.default.removeItem(at: file) }
        return try BookTagConfiguration.load(file: file, environment: environment)
    }

    @Test func theExampleFileIsValidAndCoversEveryKey() throws {
        let configuration = try BookTagConfiguration.load(
            file: Fixtures.packageRoot.appendingPathComponent("config.example.json"), environment: [:])
        #expect(configuration.goodreads.apiKey == "YOUR-GOODREADS-API-KEY" && configuration.warnings.isEmpty)
        #expect(configuration.goodreads.baseURL.absoluteString == "https://www.goodreads.com")
        #expect(configuration.goodreads.minimumRequestInterval == 1.0 && configuration.collageCount == 12)
        #expect(configuration.collage.columns == 4 && configuration.collage.format == .png)
        #expect(
            configuration.collage.size == (try CollageSize(parsing: "wallpaper"))
                && configuration.collage.fit == .contain && configuration.collage.layout == .grid)
        #expect(
            configuration.collage.labels == [.title, .rating]
                && configuration.collage.background?.description == "#f4f0e8")
        #expect(configuration.source == .openlibrary && configuration.openLibrary.contact == "you@example.org")
        #expect(configuration.openLibrary.baseURL.absoluteString == "https://openlibrary.org")
        #expect(configuration.openLibrary.coversURL.absoluteString == "https://covers.openlibrary.org")
        #expect(configuration.openLibrary.minimumRequestInterval == 1.0 && configuration.openLibrary.timeout == 20)
        #expect(configuration.hardcover.token == "YOUR-HARDCOVER-TOKEN" && configuration.hardcover.timeout == 30)
        #expect(configuration.hardcover.baseURL == HardcoverSettings.defaultBaseURL)
        #expect(configuration.bookWyrm.minimumRequestInterval == 1.0 && configuration.bookWyrm.timeout == 20)
        #expect(configuration.timeout(for: .hardcover) == 30 && configuration.timeout(for: .bookwyrm) == 20)
    }

    /// `--source`, then `source`, then the key; the contact goes to Open Library only.
    @Test func theSourceAndTheUserAgent() throws {
        var configuration = BookTagConfiguration()
        #expect(configuration.resolveSource(nil) == (.openlibrary, true))
        configuration.goodreads.apiKey = "k"
        #expect(configuration.resolveSource(nil) == (.goodreads, false))
        #expect(configuration.resolveSource(.openlibrary) == (.openlibrary, false))
        configuration.source = .openlibrary
        #expect(configuration.resolveSource(nil) == (.openlibrary, false))
        #expect(configuration.resolveSource(.goodreads) == (.goodreads, false))
        #expect(configuration.userAgent(for: .openlibrary) == "booktag/\(BookTagVersion.current)")
        configuration.openLibrary.contact = "reader@example.org"
        #expect(configuration.userAgent(for: .openlibrary) == "booktag/\(BookTagVersion.current) (reader@example.org)")
        #expect(configuration.userAgent(for: .goodreads) == "booktag/\(BookTagVersion.current)")
    }

    /// The contact goes into a header: nothing that could end it or start another.
    @Test(arguments: ["a@b.org\r\nX-Evil: 1", "you (me)", "ünïcode@example.org", String(repeating: "x", count: 201)])
    func aContactThatCannotBeAHeaderIsRefused(contact: String) throws {
        let json = String(
            decoding: try JSONSerialization.data(withJSONObject: ["openlibrary": ["contact": contact]]), as: UTF8.self)
        let error = #expect(throws: ConfigError.self) { try load(json) }
        #expect(error?.localizedDescription.contains("openlibrary.contact") == true)
    }

    @Test func aMissingFileMeansDefaultsAndNoKey() throws {
        let configuration = try load(nil)
        #expect(configuration == BookTagConfiguration())
        #expect(throws: ConfigError.self) {
            try configuration.requireAPIKey(file: URL(fileURLWithPath: "/x/config.json"))
        }
        let message = ConfigError.missingAPIKey(file: "/x/config.json").localizedDescription
        #expect(
            message.contains("goodreads.apiKey") && message.contains("BOOKTAG_API_KEY")
                && message.contains("/x/config.json"))
    }

    @Test func theEnvironmentOverridesTheFile() throws {
        let configuration = try load(
            #"{"goodreads": {"apiKey": "from-file", "baseURL": "https://a.example"}}"#,
            environment: ["BOOKTAG_API_KEY": "from-env", "BOOKTAG_BASE_URL": "http://127.0.0.1:9999"])
        #expect(
            configuration.goodreads.apiKey == "from-env"
                && configuration.goodreads.baseURL.absoluteString == "http://127.0.0.1:9999")
    }

    @Test(arguments: [
        (#"{"collage": {"count": "twelve"}}"#, "collage.count"),
        (#"{"collage": {"count": 12.5}}"#, "collage.count"),
        (#"{"collage": {"columns": 0}}"#, "collage.columns"),
        (#"{"collage": {"format": "gif"}}"#, "collage.format"),
        (#"{"goodreads": {"minRequestInterval": true}}"#, "goodreads.minRequestInterval"),
        (#"{"goodreads": {"apiKey": 12345}}"#, "goodreads.apiKey"),
        (#"{"goodreads": {"baseURL": "file:///etc/passwd"}}"#, "goodreads.baseURL"),
        (#"{"goodreads": []}"#, "goodreads"),
        (#"{"hardcover": {"token": 12345}}"#, "hardcover.token"),
        (#"{"hardcover": {"baseURL": "gopher://x"}}"#, "hardcover.baseURL"),
        (#"{"bookwyrm": {"timeout": "soon"}}"#, "bookwyrm.timeout"),
        (#"{"bookwyrm": {"minRequestInterval": -1}}"#, "bookwyrm.minRequestInterval"),
        (#"[1, 2]"#, "(top level)"),
    ])
    func wrongValuesNameTheFileAndKey(json: String, key: String) {
        do {
            _ = try load(json)
            Issue.record("accepted \(json)")
        } catch {
            let message = error.localizedDescription
            #expect(
                message.contains(key) && message.contains("booktag-config-") && !message.contains("\n"), "\(message)")
            #expect(!message.contains("12345"), "values are never echoed")
        }
    }

    /// `source` and the collage's `format`, `fit` and `layout` take a name in any case, and a wrong
    /// one is refused with every name it could have been.
    @Test(arguments: [
        ("source", #""source": "#, ["goodreads", "openlibrary"]),
        ("collage.format", #""collage": {"format": "#, ["png", "jpeg", "html"]),
        ("collage.fit", #""collage": {"fit": "#, ["contain", "cover"]),
        ("collage.layout", #""collage": {"layout": "#, ["grid", "rows"]),
    ])
    func namedChoicesListTheirNames(key: String, prefix: String, names: [String]) throws {
        let close = key.contains(".") ? "}}" : "}"
        for name in names {
            #expect(throws: Never.self) { try load("{\(prefix)\"\(name.uppercased())\"\(close)") }
        }
        for wrong in [#""gif""#, "3", "true", "[]"] {
            do {
                _ = try load("{\(prefix)\(wrong)\(close)")
                Issue.record("accepted \(wrong) for \(key)")
            } catch {
                let message = error.localizedDescription
                #expect(message.contains(key) && names.allSatisfy { message.contains("\"\($0)\"") }, "\(message)")
            }
        }
        let chosen = try load(
            #"{"source": "OpenLibrary", "collage": {"format": "JPEG", "fit": "Cover", "layout": "ROWS"}}"#)
        #expect(
            chosen.source == .openlibrary && chosen.collage.format == .jpeg && chosen.collage.fit == .cover
                && chosen.collage.layout == .rows)
    }

    @Test func brokenJSONNamesTheFile() {
        #expect(throws: ConfigError.self) { try load(#"{"goodreads": {"apiKey": "x",}"#) }
        do { _ = try load("{oops") } catch { #expect(error.localizedDescription.contains("is not valid JSON")) }
    }

    @Test func unknownKeysAreWarnings() throws {
        let configuration = try load(
            #"{"goodreads": {"apikey": "typo"}, "colage": {}, "openlibrary": {"contacts": "x"}, "collage": {"colour": "red"}}"#
        )
        #expect(configuration.goodreads.apiKey == nil)
        #expect(configuration.warnings.count == 4, "\(configuration.warnings)")
        for path in ["goodreads.apikey", "\"colage\"", "openlibrary.contacts", "collage.colour"] {
            #expect(configuration.warnings.contains { $0.contains(path) && $0.contains("unknown key") }, "\(path)")
        }
    }

    /// `collage.quality` sets the JPEG quality (1–100) the configured options carry; anything else
    /// is a config error naming the key.
    @Test func theJPEGQualityIsConfigured() throws {
        #expect(try load(nil).collageOptions(nightMode: false).jpegQuality == 88)
        #expect(try load(#"{"collage": {"quality": 60}}"#).collageOptions(nightMode: true).jpegQuality == 60)
        for bad in ["0", "101", "7.5", "\"high\""] {
            #expect { try load(#"{"collage": {"quality": \#(bad)}}"#) } throws: { error in
                (error as? ConfigError)?.localizedDescription.contains("collage.quality") == true
            }
        }
    }

    /// Each source waits for answers as long as its own `timeout` says.
    @Test func eachSourceHasItsOwnTimeout() throws {
        let configuration = try load(#"{"openlibrary": {"timeout": 5}, "goodreads": {"timeout": 40}}"#)
        #expect(configuration.timeout(for: .openlibrary) == 5 && configuration.timeout(for: .goodreads) == 40)
        #expect(try load(nil).timeout(for: .openlibrary) == 20)
        #expect(throws: ConfigError.self) { try load(#"{"openlibrary": {"timeout": 0}}"#) }
    }
}
