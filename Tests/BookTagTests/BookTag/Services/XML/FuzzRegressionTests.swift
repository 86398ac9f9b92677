import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

/// Every input the fuzzers kept in Fuzz/Regressions (each once crashed, leaked or broke a rule),
/// given to every parser of its kind, in the ordinary suite: it must be read or refused with one
/// error, and hold the rule it once broke. (The leaks need LeakSanitizer: `scripts/fuzz` replays
/// these with it.) A file's first byte picked the fuzzer's parser; here all of them get the rest.
@Suite struct FuzzRegressionTests {
    static let regressions = Fixtures.packageRoot.appendingPathComponent("Fuzz/Regressions")

    static func inputs(_ target: String) throws -> [(name: String, bytes: Data)] {
        let folder = regressions.appendingPathComponent(target)
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { name in
            (name, try Data(contentsOf: folder.appendingPathComponent(name)).dropFirst())
        }
    }

    @Test func everyTargetHasItsRegressionsHere() throws {
        let targets = try FileManager.default.contentsOfDirectory(atPath: Self.regressions.path).sorted()
        #expect(targets == ["html", "library", "options"], "a new target's regressions need a test here")
        #expect(try targets.allSatisfy { try !Self.inputs($0).isEmpty })
    }

    @Test func libraryInputsAreReadOrRefusedByEveryReader() throws {
        let home = try TemporaryHome()
        for (name, bytes) in try Self.inputs("library") {
            let file = home.folder.appendingPathComponent(name)
            try bytes.write(to: file)
            for format in LibraryFormat.allCases where format != .calibre {
                var books = 0
                do {
                    let summary = try format.read(file) { book in
                        books += 1
                        #expect(!book.key.isEmpty, "\(name) as \(format)")
                    }
                    #expect(summary.rows >= books, "\(name) as \(format)")
                } catch {
                    #expect(error is ExportError, "\(name) as \(format): \(error)")
                }
            }
            _ = try? LibraryFormat.detect(file)
            // And as a Calibre library's database.
            let library = home.folder.appendingPathComponent("\(name) library", isDirectory: true)
            try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
            try bytes.write(to: library.appendingPathComponent("metadata.db"))
            do {
                _ = try CalibreReader.read(library) { book in
                    if let cover = book.coverFile?.standardizedFileURL.path {
                        #expect(cover.hasPrefix(library.standardizedFileURL.path + "/"), "\(name): \(cover)")
                    }
                }
            } catch {
                #expect(error is ExportError, "\(name) as a Calibre library: \(error)")
            }
        }
    }

    @Test func optionInputsKeepTheirRules() throws {
        for (name, bytes) in try Self.inputs("options") {
            let text = String(decoding: bytes, as: UTF8.self)
            if let tag = try? TagName(text) {
                #expect(try TagName(tag.display) == tag, "\(name): \(tag.display.debugDescription)")
            }
            if let size = try? CollageSize(parsing: text) { #expect(size.width > 0 && size.height > 0, "\(name)") }
            if let isbn = try? ISBN(text) { #expect(isbn.isbn13.count == 13, "\(name)") }
            _ = try? CollageColor(parsing: text)
            _ = try? CollageLabel.parseList(text)
            let home = try TemporaryHome()
            let config = home.folder.appendingPathComponent("config.json")
            try bytes.write(to: config)
            _ = try? BookTagConfiguration.load(file: config, environment: [:])
        }
    }

    @Test func htmlInputsComeOutInert() throws {
        for (name, bytes) in try Self.inputs("html") {
            let safe = HTMLSanitizer.safeHTML(fromHTML: String(decoding: bytes, as: UTF8.self)).lowercased()
            #expect(
                !safe.contains("<script") && !safe.contains(/<[^>]*\son[a-z]*\s*=/) && !safe.contains("javascript:"),
                "\(name): \(safe)")
        }
    }
}
