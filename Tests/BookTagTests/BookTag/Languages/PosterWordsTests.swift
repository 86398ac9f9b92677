import BookTagHTTP
import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

/// The poster's words in every language, drawn from the genuine StoryGraph export's 2024 (no
/// network: covers drawn) on a surface that records each text and its box: in the pseudo-language
/// none is English outside the catalogue, and in every language each line fits its box at the
/// size it was set (measured with Pango), so nothing is cut or runs over.
@Suite struct PosterWordsTests {
    final class RecordingSurface: CollageSurface {
        var texts: [(text: String, box: CollagePlan.Rect, style: CollageText.Style)] = []
        func holds(_ rect: CollagePlan.Rect) -> Bool { true }
        func fill(_ rect: CollagePlan.Rect, color: CollageTheme.RGB) {}
        func draw(_ text: String, in box: CollagePlan.Rect, style: CollageText.Style) -> Int {
            texts.append((text, box, style))
            return 0
        }
    }

    static func stats() async throws -> (TagStats, TemporaryHome) {
        let home = try TemporaryHome()
        try Data(#"{"openlibrary": {"baseURL": "http://127.0.0.1:9", "coversURL": "http://127.0.0.1:9"}}"#.utf8)
            .write(to: home.home.configFile)
        let workspace = Workspace(home: home.home, network: { _ in HTTPClientTransport() })
        let store = try workspace.openStore()
        let imports = ImportLibrary(workspace: workspace, store: store)
        _ = try await imports.run(
            try imports.plan(ImportRequest(file: StoryGraphTests.raw, year: 2024)),
            configuration: try workspace.configuration(), nightMode: false)
        try store.setGoal(ReadingGoal(year: 2024, books: 30, pages: 9000))
        return (try store.stats(of: TagName("read 2024")), home)
    }

    /// Draws the panel of `stats` in `language` into a story poster's band.
    static func drawn(_ stats: TagStats, _ language: Language) -> RecordingSurface {
        let surface = RecordingSurface()
        _ = CollageStatsPanel(stats: stats.inLanguage(language), theme: .forNightMode(false)).draw(
            in: CollagePlan.Rect(x: 24, y: 1200, width: 1032, height: 700), on: surface)
        return surface
    }

    @Test func everyLanguagesLinesFitAndNoEnglishEscapes() async throws {
        try CollageText.load()
        let (stats, home) = try await Self.stats()
        defer { _ = home }
        let data = Set(stats.moods?.map(\.mood) ?? [])
        for language in Language.all + [.pseudo] {
            let surface = Self.drawn(stats, language)
            #expect(surface.texts.count > 40, "\(language): \(surface.texts.count) texts")
            for (text, box, style) in surface.texts where style.maxLines == 1 {
                let width = try #require(CollageText.width(of: text, pixels: style.pixels, bold: style.bold))
                // Each line is set at a size at which it fits: a longer language's smaller, never cut.
                #expect(width <= box.width + 1, "\(language): \"\(text)\" \(width) > \(box.width)")
            }
            guard language == .pseudo else { continue }
            let outside = surface.texts.map(\.text).joined(separator: " ")
                .replacingOccurrences(of: #"⟦[^⟧]*⟧"#, with: "", options: .regularExpression)
            let english = outside.split(whereSeparator: { !$0.isLetter }).map(String.init)
                .filter { $0.count >= 3 && !data.contains($0) }
            #expect(english.isEmpty, "English outside the catalogue on the poster: \(Set(english).sorted())")
        }
    }
}
