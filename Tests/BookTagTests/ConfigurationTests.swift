import Foundation
import Testing

@testable import BookTag

@Suite struct ConfigurationTests {
    func load(_ json: String?, environment: [String: String] = [:]) throws(ConfigError) -> BookTagConfiguration {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("booktag-config-\(UUID().uuidString).json")
        if let json { try? Data(json.utf8).write(to: file) }
        defer { try? FileManager.default.removeItem(at: file) }
        return try BookTagConfiguration.load(file: file, environment: environment)
    }

    @Test func theExampleFileIsValidAndCoversEveryKey() throws {
        let configuration = try BookTagConfiguration.load(file: Fixtures.packageRoot.appendingPathComponent("config.example.json"), environment: [:])
        #expect(configuration.apiKey == "YOUR-GOODREADS-API-KEY" && configuration.warnings.isEmpty)
        #expect(configuration.baseURL.absoluteString == "https://www.goodreads.com")
        #expect(configuration.minimumRequestInterval == 1.0 && configuration.collageCount == 12)
        #expect(configuration.collageColumns == 4 && configuration.collageFormat == .png)
        #expect(configuration.collageSize == (try CollageSize(parsing: "wallpaper")) && configuration.collageFit == .contain && configuration.collageLayout == .grid)
        #expect(configuration.collageLabels == [.title, .rating] && configuration.collageBackground?.description == "#f4f0e8")
        #expect(configuration.source == .openlibrary && configuration.openLibraryContact == "you@example.org")
        #expect(configuration.openLibraryBaseURL.absoluteString == "https://openlibrary.org")
        #expect(configuration.openLibraryCoversURL.absoluteString == "https://covers.openlibrary.org")
        #expect(configuration.openLibraryMinimumRequestInterval == 1.0)
    }

    /// `--source`, then `source`, then the key; the contact goes to Open Library only.
    @Test func theSourceAndTheUserAgent() throws {
        var configuration = BookTagConfiguration()
        #expect(configuration.resolveSource(nil) == (.openlibrary, true))
        configuration.apiKey = "k"
        #expect(configuration.resolveSource(nil) == (.goodreads, false))
        #expect(configuration.resolveSource(.openlibrary) == (.openlibrary, false))
        configuration.source = .openlibrary
        #expect(configuration.resolveSource(nil) == (.openlibrary, false))
        #expect(configuration.resolveSource(.goodreads) == (.goodreads, false))
        #expect(configuration.userAgent(for: .openlibrary) == "booktag/\(BookTagVersion.current)")
        configuration.openLibraryContact = "reader@example.org"
        #expect(configuration.userAgent(for: .openlibrary) == "booktag/\(BookTagVersion.current) (reader@example.org)")
        #expect(configuration.userAgent(for: .goodreads) == "booktag/\(BookTagVersion.current)")
    }

    /// The contact goes into a header: nothing that could end it or start another.
    @Test(arguments: ["a@b.org\r\nX-Evil: 1", "you (me)", "ünïcode@example.org", String(repeating: "x", count: 201)])
    func aContactThatCannotBeAHeaderIsRefused(contact: String) throws {
        let json = String(decoding: try JSONSerialization.data(withJSONObject: ["openlibrary": ["contact": contact]]), as: UTF8.self)
        let error = #expect(throws: ConfigError.self) { try load(json) }
        #expect(error?.localizedDescription.contains("openlibrary.contact") == true)
    }

    @Test func aMissingFileMeansDefaultsAndNoKey() throws {
        let configuration = try load(nil)
        #expect(configuration == BookTagConfiguration())
        #expect(throws: ConfigError.self) { try configuration.requireAPIKey(file: URL(fileURLWithPath: "/x/config.json")) }
        let message = ConfigError.missingAPIKey(file: "/x/config.json").localizedDescription
        #expect(message.contains("goodreads.apiKey") && message.contains("BOOKTAG_API_KEY") && message.contains("/x/config.json"))
    }

    @Test func theEnvironmentOverridesTheFile() throws {
        let configuration = try load(#"{"goodreads": {"apiKey": "from-file", "baseURL": "https://a.example"}}"#,
                                     environment: ["BOOKTAG_API_KEY": "from-env", "BOOKTAG_BASE_URL": "http://127.0.0.1:9999"])
        #expect(configuration.apiKey == "from-env" && configuration.baseURL.absoluteString == "http://127.0.0.1:9999")
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
        (#"[1, 2]"#, "(top level)"),
    ])
    func wrongValuesNameTheFileAndKey(json: String, key: String) {
        do {
            _ = try load(json)
            Issue.record("accepted \(json)")
        } catch {
            let message = error.localizedDescription
            #expect(message.contains(key) && message.contains("booktag-config-") && !message.contains("\n"), "\(message)")
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
        let chosen = try load(#"{"source": "OpenLibrary", "collage": {"format": "JPEG", "fit": "Cover", "layout": "ROWS"}}"#)
        #expect(chosen.source == .openlibrary && chosen.collageFormat == .jpeg && chosen.collageFit == .cover && chosen.collageLayout == .rows)
    }

    @Test func brokenJSONNamesTheFile() {
        #expect(throws: ConfigError.self) { try load(#"{"goodreads": {"apiKey": "x",}"#) }
        do { _ = try load("{oops") } catch { #expect(error.localizedDescription.contains("is not valid JSON")) }
    }

    @Test func unknownKeysAreWarnings() throws {
        let configuration = try load(#"{"goodreads": {"apikey": "typo"}, "colage": {}}"#)
        #expect(configuration.apiKey == nil)
        #expect(configuration.warnings.count == 2 && configuration.warnings.contains { $0.contains("goodreads.apikey") })
    }
}
