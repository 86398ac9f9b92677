import Foundation
import Testing

@testable import BookTag

/// The reader's language on the command line, on the genuine StoryGraph export's 2024: chosen
/// by `--language`, by config's `language`, else by the environment; an unknown one is English
/// with one warning; JSON and errors never change.
@Suite struct LanguageCommandTests {
    @Test func statsSpeaksTheLanguageAskedForAndJSONNever() async throws {
        let home = try await GoalCommandTests.imported(StoryGraphTests.raw, year: 2024)
        let path = home.folder.path
        _ = try await BooktagProcess.run(["goal", "2024", "30", "--home", path])
        let english = try await BooktagProcess.run(["stats", "read 2024", "--home", path], environment: ["LANG": "C"])
        #expect(english.output.contains("goal           20 of 30 books · goal missed"), "\(english.output)")

        let spanish = try await BooktagProcess.run(["stats", "read 2024", "--language", "es", "--home", path])
        #expect(spanish.status == 0 && spanish.errors.isEmpty, "\(spanish.errors)")
        for line in [
            "libros         20 (8 más que en 2023)", "meta           20 de 30 libros · meta no alcanzada",
            "mis estrellas  4,38 en 2 libros valorados",
            "formatos       16 en papel · 2 libros electrónicos · 2 audiolibros",
            "libros leídos por mes", "calendario de lectura · leyendo 121 días, racha más larga 68 días",
        ] {
            #expect(spanish.output.contains(line), "\(line)\n\(spanish.output)")
        }
        #expect(spanish.output.contains("  ene  ") && !spanish.output.contains("Jan"), "the months are the locale's")

        // The environment, and config's `language` over it.
        let german = try await BooktagProcess.run(
            ["stats", "read 2024", "--home", path], environment: ["LANG": "de_DE.UTF-8"])
        #expect(german.output.contains("Bücher         20 (8 mehr als 2023)"), "\(german.output)")
        try Data(#"{"language": "zh-Hans"}"#.utf8).write(to: home.home.configFile)
        let chinese = try await BooktagProcess.run(
            ["stats", "read 2024", "--home", path], environment: ["LANG": "de_DE.UTF-8"])
        #expect(chinese.output.contains("目标           20 / 30 本书 · 未达成目标"), "\(chinese.output)")
        let flag = try await BooktagProcess.run(["stats", "read 2024", "--language", "fr", "--home", path])
        #expect(flag.output.contains("objectif       20 sur 30 livres · objectif manqué"), "--language over config")
        // One config names but booktag lacks is English, not the environment's.
        try Data(#"{"language": "xx"}"#.utf8).write(to: home.home.configFile)
        let lacking = try await BooktagProcess.run(
            ["stats", "read 2024", "--home", path], environment: ["LANG": "de_DE.UTF-8"])
        #expect(lacking.output == english.output && lacking.errors.contains("no language \"xx\""), "\(lacking.errors)")
        try Data(#"{}"#.utf8).write(to: home.home.configFile)

        // An unknown language: English, and one warning saying so.
        let unknown = try await BooktagProcess.run(["stats", "read 2024", "--language", "ja", "--home", path])
        #expect(unknown.status == 0 && unknown.output == english.output)
        #expect(unknown.errors.split(separator: "\n").count == 1 && unknown.errors.contains("no language \"ja\""))
        let fromEnvironment = try await BooktagProcess.run(
            ["stats", "read 2024", "--home", path], environment: ["LC_ALL": "ja_JP.UTF-8"])
        #expect(fromEnvironment.output == english.output && fromEnvironment.errors.contains("ja_JP.UTF-8"))

        // JSON and errors stay English.
        let json = try await BooktagProcess.run(["stats", "read 2024", "--json", "--home", path])
        for language in ["es", "de", "zh-Hans"] {
            let other = try await BooktagProcess.run([
                "stats", "read 2024", "--json", "--language", language, "--home", path,
            ])
            #expect(other.output == json.output, "\(language)")
            let missing = try await BooktagProcess.run(["stats", "nowhere", "--language", language, "--home", path])
            #expect(missing.errors.hasPrefix("error: there is no tag \"nowhere\""), "\(language): \(missing.errors)")
        }
    }
}

extension LanguageCommandTests {
    /// The story poster in every language draws every character (Chinese with a CJK font), and
    /// the HTML collage says its language and its words.
    @Test func postersAndPagesAreInEveryLanguageWithNoBoxes() async throws {
        let home = try await GoalCommandTests.imported(StoryGraphTests.raw, year: 2024)
        let path = home.folder.path
        _ = try await BooktagProcess.run(["goal", "2024", "30", "--home", path])
        var sizes: [String: Int] = [:]
        for language in Language.all.map(\.code) {
            let file = home.folder.appendingPathComponent("story-\(language).png")
            let run = try await BooktagProcess.run([
                "collage", "read 2024", "--stats", "--size", "story", "--language", language, "--output", file.path,
                "--home", path,
            ])
            #expect(run.status == 0 && !run.errors.contains("glyphs"), "\(language): \(run.errors)")
            let data = try Data(contentsOf: file)
            let info = try #require(ImageInfo(data))
            #expect(info.width == 1080 && info.height == 1920)
            sizes[language] = data.count
        }
        #expect(Set(sizes.values).count == sizes.count, "each language draws other words: \(sizes)")

        let html = try await BooktagProcess.run([
            "collage", "read 2024", "--stats", "--format", "html", "--language", "de", "--home", path, "--quiet",
        ])
        #expect(html.status == 0, "\(html.errors)")
        let named = try FileManager.default.contentsOfDirectory(atPath: home.home.collagesFolder.path)
        let file = try #require(named.first { $0.hasPrefix("read-2024") && $0.hasSuffix(".html") })
        let page = try String(contentsOf: home.home.collagesFolder.appendingPathComponent(file), encoding: .utf8)
        #expect(page.contains("<html lang=\"de\">") && page.contains("20 Bücher"))
        #expect(page.contains("20 von 30 Büchern · Ziel verfehlt") && page.contains("Lesekalender 2024"))
        #expect(page.contains(">Mär<") && !page.contains(">Mar<"), "the calendar's months")
    }
}

extension LanguageCommandTests {
    /// In the pseudo-language every word `stats` says comes from the catalogue: with the reader's
    /// own data taken out (tag, titles, authors, moods), no English word is left outside ⟦ ⟧.
    @Test func noEnglishEscapesTheCatalogueInTheStatsBlock() async throws {
        let home = try await GoalCommandTests.imported(StoryGraphTests.raw, year: 2024)
        let path = home.folder.path
        _ = try await BooktagProcess.run(["goal", "2024", "30", "--home", path])
        let run = try await BooktagProcess.run(["stats", "read 2024", "--language", "qps-ploc", "--home", path])
        #expect(run.status == 0, "\(run.errors)")
        let books = try #require(
            try JSONSerialization.jsonObject(
                with: Data(try await BooktagProcess.run(["books", "read 2024", "--json", "--home", path]).output.utf8))
                as? [[String: Any]])
        var text = run.output
        let data = books.flatMap { [$0["title"] as? String, $0["author"] as? String] }.compactMap { $0 }
        for value in data.sorted(by: { $0.count > $1.count }) + ["read 2024", "mysterious", "tense"] {
            text = text.replacingOccurrences(of: value, with: "")
        }
        // Between the brackets is the catalogue's; what is outside must not be a word.
        let outside = text.replacingOccurrences(of: #"⟦[^⟧]*⟧"#, with: "", options: .regularExpression)
        let words = outside.split(whereSeparator: { !$0.isLetter }).map(String.init).filter { $0.count >= 3 }
        #expect(words.isEmpty, "English outside the catalogue: \(Set(words).sorted())")
        #expect(run.output.contains("⟦") && run.output.count > 500)
    }
}
