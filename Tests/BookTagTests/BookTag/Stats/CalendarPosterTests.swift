import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

/// The reading calendar on `collage --stats` and in `stats`, from the genuine StoryGraph export
/// imported against a fake Open Library (synthetic covers). With `BOOKTAG_PICTURES` set to a
/// folder, the posters are copied there (how docs/ got them).
@Suite(.serialized) struct CalendarPosterTests {
    static func storyGraphYear(_ year: Int, count: Int? = nil) async throws -> TemporaryHome {
        let openLibrary = try StoryGraphImportTests.openLibraryForRawExport()
        let home = try TemporaryHome()
        try ImportEndToEndTests.configure(home, openLibrary: openLibrary.baseURL)
        let run = try await ImportEndToEndTests.booktag(
            ["import", StoryGraphTests.raw.path, "--year", String(year)]
                + (count.map { ["--count", String($0)] } ?? []),
            home: home)
        #expect(run.status == 0, "\(run.errors)")
        return home
    }

    /// Pixels of `color` in `box`.
    static func count(_ color: CollageTheme.RGB, in image: DecodedImage, box: CollagePlan.Rect) -> Int {
        StatsCollageTests.count(color, in: image, box: box)
    }

    @Test(arguments: ["story", "square"])
    func thePosterDrawsEveryReadingDay(size: String) async throws {
        let home = try await Self.storyGraphYear(2025)
        let stats = try BookStore.open(home: home.home).stats(of: TagName("read 2025"))
        let calendar = try #require(stats.calendar)
        for night in [false, true] {
            #expect(try await ImportEndToEndTests.booktag(["night", night ? "on" : "off"], home: home).status == 0)
            let output = home.folder.appendingPathComponent("\(size)-\(night ? "night" : "day").png")
            let run = try await ImportEndToEndTests.booktag(
                ["collage", "read 2025", "--stats", "--size", size, "--output", output.path], home: home)
            #expect(run.status == 0, "\(run.errors)")
            let image = try DecodedImage(try Data(contentsOf: output))
            let theme = CollageTheme.forNightMode(night)
            let map = CollageCalendarMap(calendar: calendar, theme: theme)
            // Every shade a day can take is drawn, and days with none are the tile colour.
            let whole = CollagePlan.Rect(x: 0, y: 0, width: image.width, height: image.height)
            let levels = Set(calendar.days.prefix(calendar.daysSoFar).map(calendar.level))
            for level in levels {
                #expect(
                    Self.count(map.shade(level), in: image, box: whole) > 0, "level \(level), \(size) night \(night)")
            }
            if let pictures = ProcessInfo.processInfo.environment["BOOKTAG_PICTURES"] {
                try? FileManager.default.removeItem(
                    atPath: pictures + "/calendar-\(size)-\(night ? "night" : "day").png")
                try FileManager.default.copyItem(
                    atPath: output.path, toPath: pictures + "/calendar-\(size)-\(night ? "night" : "day").png")
            }
        }
    }

    @Test func theTerminalCalendarFitsEightyColumnsWithoutColour() async throws {
        let home = try await Self.storyGraphYear(2025)
        let run = try await BooktagProcess.run(
            ["stats", "read 2025", "--home", home.folder.path], environment: ["NO_COLOR": "1"])
        #expect(run.status == 0, "\(run.errors)")
        let stats = try BookStore.open(home: home.home).stats(of: TagName("read 2025"))
        let calendar = try #require(stats.calendar)
        #expect(run.output.contains("reading calendar · " + calendar.summary), "\(run.output)")
        #expect(!run.output.contains("\u{1B}["), "no colour with NO_COLOR")
        let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.hasPrefix("reading calendar") })
        let grid = lines[(start + 2)...(start + 8)]
        #expect(lines[start...(start + 9)].allSatisfy { $0.count <= 80 }, "\(lines[start...(start + 9)])")
        #expect(grid.allSatisfy { $0.count >= 50 } && lines[start + 2].hasPrefix("Mon "))
        let shaded = grid.joined().count { "░▒▓█".contains($0) }
        #expect(shaded >= calendar.readingDays, "every reading day is shaded")
        if let pictures = ProcessInfo.processInfo.environment["BOOKTAG_PICTURES"] {
            try Data(run.output.utf8).write(to: URL(fileURLWithPath: pictures + "/calendar-terminal.txt"))
        }
    }

    /// A year of 3 books (the StoryGraph year cut to 3) and one of 300 (a SYNTHETIC Goodreads
    /// export: finish days only): both posters hold every book and the calendar.
    @Test func aYearOfThreeBooksAndOneOfThreeHundred() async throws {
        let small = try await Self.storyGraphYear(2025, count: 3)
        let (_, openLibrary, big, file) = try ImportEndToEndTests.setUp(count: 1_500)
        let run = try await ImportEndToEndTests.booktag(["import", file.path, "--year", "2025"], home: big)
        #expect(run.status == 0, "\(run.errors)")
        #expect(openLibrary.coverRequests.count < 300, "a few have no cover: theirs are drawn")
        for (home, tag, books) in [(small, "read 2025", 3), (big, "read 2025", 300)] {
            let stats = try BookStore.open(home: home.home).stats(of: TagName(tag))
            #expect(stats.books == books && stats.calendar != nil)
            let output = home.folder.appendingPathComponent("poster-\(books).png")
            let collage = try await ImportEndToEndTests.booktag(
                ["collage", tag, "--stats", "--size", "story", "--output", output.path], home: home)
            #expect(collage.status == 0, "\(collage.errors)")
            let image = try DecodedImage(try Data(contentsOf: output))
            let map = CollageCalendarMap(calendar: try #require(stats.calendar), theme: .day)
            let whole = CollagePlan.Rect(x: 0, y: 0, width: image.width, height: image.height)
            #expect(Self.count(map.shade(4), in: image, box: whole) > 0, "the busiest days are drawn")
            if let pictures = ProcessInfo.processInfo.environment["BOOKTAG_PICTURES"] {
                try? FileManager.default.removeItem(atPath: pictures + "/calendar-\(books)-books.png")
                try FileManager.default.copyItem(atPath: output.path, toPath: pictures + "/calendar-\(books)-books.png")
            }
        }
    }

    /// Dropping a book from an imported year keeps what the export said beyond its books: the
    /// year before and the reads carried in.
    @Test func aDropKeepsTheYearBefore() async throws {
        let home = try await Self.storyGraphYear(2025)
        let store = try BookStore.open(home: home.home)
        let before = try store.stats(of: TagName("read 2025"))
        #expect(before.previous != nil)
        let drop = try await ImportEndToEndTests.booktag(["drop", "read 2025", "1"], home: home)
        #expect(drop.status == 0, "\(drop.errors)")
        let after = try store.stats(of: TagName("read 2025"))
        #expect(after.books == before.books - 1 && after.previous == before.previous)
    }
}
