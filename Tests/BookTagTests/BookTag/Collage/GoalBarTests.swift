import Testing

@testable import BookTag

/// The goal as the poster draws it: its words, then a bar whose filled part is the books done
/// (full once reached) and, for the year under way, a mark where the goal wants the reader by
/// today. Drawn on a surface that records, so the same rectangles hold for pixels and for a PDF.
@Suite struct GoalBarTests {
    final class RecordingSurface: CollageSurface {
        var fills: [(rect: CollagePlan.Rect, color: CollageTheme.RGB)] = []
        var texts: [String] = []
        func holds(_ rect: CollagePlan.Rect) -> Bool { true }
        func fill(_ rect: CollagePlan.Rect, color: CollageTheme.RGB) { fills.append((rect, color)) }
        func draw(_ text: String, in box: CollagePlan.Rect, style: CollageText.Style) -> Int {
            texts.append(text)
            return 0
        }
    }

    static let theme = CollageTheme.forNightMode(false)

    static func drawn(_ goal: GoalProgress) -> RecordingSurface {
        var stats = TagStats(tag: "read 2026", year: 2026, readingRecords: true, books: [])
        stats.goal = goal
        let surface = RecordingSurface()
        _ = CollageStatsPanel(stats: stats, theme: theme).draw(
            in: CollagePlan.Rect(x: 0, y: 0, width: 1000, height: 600), on: surface)
        return surface
    }

    @Test func theBarFillsTheShareDoneAndMarksTodaysShare() throws {
        // 7 August: day 219 of 365, 30 books expected of 50; 24 done.
        let goal = GoalProgress(
            goal: ReadingGoal(year: 2026, books: 50), booksDone: 24, pagesDone: nil, today: CalendarDay("2026-08-07")!)
        let surface = Self.drawn(goal)
        #expect(surface.texts.contains("24 of 50 books · 6 behind · on pace for 40"))
        let track = try #require(surface.fills.first { $0.color == Self.theme.tile && $0.rect.width == 600 })
        #expect(track.rect.x == 200, "centred under the words")
        let done = try #require(surface.fills.first { $0.color == Self.theme.accent && $0.rect.y == track.rect.y })
        #expect(done.rect.x == track.rect.x && done.rect.width == 600 * 24 / 50)
        let mark = try #require(surface.fills.first { $0.color == Self.theme.text })
        #expect(mark.rect.x == 200 + 600 * 30 / 50, "at 30 of 50")
        #expect(mark.rect.y < track.rect.y && mark.rect.maxY > track.rect.maxY, "it stands out of the bar")
    }

    @Test func aReachedGoalFillsTheBarAndAPastYearHasNoMark() throws {
        let past = GoalProgress(
            goal: ReadingGoal(year: 2024, books: 30), booksDone: 41, pagesDone: nil, today: CalendarDay("2026-11-29")!)
        let surface = Self.drawn(past)
        #expect(surface.texts.contains("41 of 30 books · goal reached"))
        let track = try #require(surface.fills.first { $0.color == Self.theme.tile && $0.rect.width == 600 })
        let done = try #require(surface.fills.first { $0.color == Self.theme.accent && $0.rect.y == track.rect.y })
        #expect(done.rect.width == track.rect.width, "full, never past the end")
        #expect(!surface.fills.contains { $0.color == Self.theme.text })
        let none = GoalProgress(
            goal: ReadingGoal(year: 2026, books: 50), booksDone: 0, pagesDone: nil, today: CalendarDay("2026-03-01")!)
        #expect(!Self.drawn(none).fills.contains { $0.color == Self.theme.accent && $0.rect.width == 0 })
    }
}
