import Testing

@testable import BookTag

/// The goal's numbers as SPEC defines them, on days the test chooses: the share of the year gone by
/// counts today; one decimal for expected and ahead; the projection rounded; a past year done or
/// missed.
@Suite struct GoalProgressTests {
    static func day(_ text: String) -> CalendarDay { CalendarDay(text)! }

    @Test func aYearUnderWayIsBehindAheadOrOnTrack() {
        let goal = ReadingGoal(year: 2026, books: 50)
        // 7 August 2026 is day 219 of 365: 50 × 219 / 365 = 30.0 expected.
        let behind = GoalProgress(goal: goal, booksDone: 24, pagesDone: 0, today: Self.day("2026-08-07"))
        #expect(behind.expected == 30.0 && behind.ahead == -6.0 && behind.status == .behind)
        #expect(behind.projected == 40 && behind.percent == 48)  // 24 / (219 / 365) = 40
        #expect(behind.words == "24 of 50 books · 6 behind · on pace for 40")
        #expect(behind.pages == nil && behind.pagesDone == nil)

        let onTrack = GoalProgress(goal: goal, booksDone: 29, pagesDone: 0, today: Self.day("2026-08-07"))
        #expect(onTrack.status == .onTrack && onTrack.ahead == -1.0 && onTrack.words.contains("on track"))
        let ahead = GoalProgress(goal: goal, booksDone: 33, pagesDone: 0, today: Self.day("2026-08-07"))
        #expect(ahead.status == .ahead && ahead.ahead == 3.0 && ahead.words.hasPrefix("33 of 50 books · 3 ahead"))

        // 1 January counts as gone by: 50 / 365 = 0.136… → 0.1 expected.
        let first = GoalProgress(goal: goal, booksDone: 0, pagesDone: 0, today: Self.day("2026-01-01"))
        #expect(first.expected == 0.1 && first.projected == 0 && first.status == .onTrack)
        // Reached before the year is out: done, and said so.
        let reached = GoalProgress(goal: goal, booksDone: 51, pagesDone: 0, today: Self.day("2026-10-01"))
        #expect(reached.status == .done && reached.percent == 102 && reached.words == "51 of 50 books · goal reached")
    }

    @Test func aPastYearIsDoneOrMissedAndALeapYearHas366Days() {
        let goal = ReadingGoal(year: 2024, books: 30, pages: 9000)
        let missed = GoalProgress(goal: goal, booksDone: 20, pagesDone: 6123, today: Self.day("2026-11-29"))
        #expect(missed.status == .missed && missed.expected == nil && missed.projected == nil)
        #expect(missed.words == "20 of 30 books · goal missed · 6,123 of 9,000 pages" && missed.pagesDone == 6123)
        // No page count known: no pages done to say, rather than "0 of 9,000 pages".
        let unknown = GoalProgress(goal: goal, booksDone: 20, pagesDone: nil, today: Self.day("2026-11-29"))
        #expect(unknown.pagesDone == nil && unknown.words == "20 of 30 books · goal missed")
        let done = GoalProgress(goal: goal, booksDone: 30, pagesDone: 0, today: Self.day("2025-01-01"))
        #expect(done.status == .done)
        // 31 December 2024, the last day of a leap year: the whole goal is expected.
        let last = GoalProgress(goal: goal, booksDone: 12, pagesDone: 0, today: Self.day("2024-12-31"))
        #expect(last.expected == 30.0 && last.ahead == -18.0 && last.status == .behind && last.projected == 12)
        // 29 February 2024 is day 60 of 366.
        let leap = GoalProgress(goal: goal, booksDone: 5, pagesDone: 0, today: Self.day("2024-02-29"))
        #expect(leap.expected == 4.9 && leap.projected == 31)  // 30 × 60 / 366 = 4.918; 5 / (60 / 366) = 30.5
    }

    @Test func goalsOutOfBoundsAreRefused() {
        for goal in [
            ReadingGoal(year: 2026, books: 0), ReadingGoal(year: 26, books: 5),
            ReadingGoal(year: 2026, books: 5, pages: 0), ReadingGoal(year: 2026, books: 100_001),
        ] {
            #expect(throws: BookTagFailure.self, "\(goal)") { try goal.check() }
        }
    }
}
