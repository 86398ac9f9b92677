import Foundation
import Testing

/// The library's messages are shown by the command line and by serve's pages alike: none of its
/// strings may name a command-line option or a `booktag` command. Advice a face words its own
/// way is an `Advice` case (`OneRuleTests` checks each face's wording).
@Suite struct LibraryWordsTests {
    static let commands = [
        "add", "import", "reroll", "drop", "show", "list", "books", "collage", "stats", "serve", "remove", "night",
        "inspect",
    ]

    /// Whether `text` names an option (`--year`) or a command (`booktag reroll`).
    static func namesOptionOrCommand(_ text: String) -> Bool {
        // Not a CSS custom property (`--accent: …`, `var(--accent)`).
        let option = try! Regex(#"(^|[\s'"\[])--[a-z][a-z-]*(?![a-z-]|\s*:)"#)
        let command = try! Regex(#"booktag (\#(commands.joined(separator: "|")))\b"#)
        return text.contains(option) || text.contains(command)
    }

    /// The text inside string literals on each line of code (comments left out), with the
    /// lines of multi-line literals whole.
    static func literals(in source: String) -> [(line: Int, text: String)] {
        var found: [(Int, String)] = []
        var inBlock = false
        for (number, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("\"\"\"")
                || trimmed.hasSuffix("\"\"\"") && !inBlock && trimmed.components(separatedBy: "\"\"\"").count == 2
            {
                inBlock.toggle()
                continue
            }
            if inBlock {
                found.append((number + 1, String(line)))
                continue
            }
            if trimmed.hasPrefix("//") { continue }
            var inside = false
            var escaped = false
            var current = ""
            var previous: Character = " "
            for character in line {
                defer { previous = character }
                if inside {
                    if escaped {
                        escaped = false
                    } else if character == "\\" {
                        escaped = true
                    } else if character == "\"" {
                        inside = false
                        found.append((number + 1, current))
                        current = ""
                        continue
                    }
                    current.append(character)
                } else if character == "\"" {
                    inside = true
                } else if character == "/", previous == "/" {
                    break  // a comment to the end of the line
                }
            }
        }
        return found
    }

    @Test func theDetectorFindsBothKinds() {
        let sample = """
            throw Failure("the tag exists: use 'booktag reroll x' for other books")
            // booktag reroll in a comment is fine
            let text = "try another --year"
            let fine = "a library export booktag knows; -- a dash; :root { --accent: red } a { color: var(--accent) }"
            """
        let hits = Self.literals(in: sample).filter { Self.namesOptionOrCommand($0.text) }
        #expect(hits.map(\.line) == [1, 3])
    }

    @Test func noStringOfTheLibraryNamesAnOptionOrACommand() throws {
        let library = Fixtures.packageRoot.appendingPathComponent("Sources/BookTag")
        let files = try #require(FileManager.default.enumerator(at: library, includingPropertiesForKeys: nil))
        var offending: [String] = []
        var read = 0
        for case let file as URL in files where file.pathExtension == "swift" {
            read += 1
            let source = try String(contentsOf: file, encoding: .utf8)
            for (line, text) in Self.literals(in: source) where Self.namesOptionOrCommand(text) {
                offending.append("\(file.lastPathComponent):\(line): \(text)")
            }
        }
        #expect(read > 100, "the library's sources were found")
        #expect(offending.isEmpty, "\(offending.joined(separator: "\n"))")
    }
}
