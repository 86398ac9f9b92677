import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `collage --stats`: the numbers and charts under the covers, never over one.
@Suite struct StatsCollageTests {
    /// Pixels of exactly `color` inside `box`: bars are filled rectangles of the accent colour.
    static func count(_ color: CollageTheme.RGB, in image: DecodedImage, box: CollagePlan.Rect) -> Int {
        var count = 0
        for y in box.y..<min(image.height, box.maxY) {
            for x in box.x..<min(image.width, box.maxX) where image.rgb(x, y) == color { count += 1 }
        }
        return count
    }

    @Test(arguments: [nil, "story", "wallpaper", "4k", "square", "64x640"], [CollageLayout.grid, .rows])
    func theBandIsUnderEveryCover(size: String?, layout: CollageLayout) throws {
        for charts in [true, false] {
            let planner = CollagePlanner(
                size: try size.map(CollageSize.init(parsing:)), columns: nil, layout: layout, fit: .contain,
                labelLines: 1, showsTitle: true,
                showsStats: true, statsHaveCharts: charts)
            let plan = try planner.plan(aspects: Array(repeating: 2.0 / 3.0, count: 12))
            let band = try #require(plan.stats)
            #expect(band.height > 0 && band.maxY <= plan.credit.y + plan.credit.height && band.maxX <= plan.width)
            for cell in plan.cells {
                #expect(
                    (cell.label ?? cell.frame).maxY <= band.y && cell.frame.maxY <= band.y,
                    "\(size ?? "natural") \(layout): a cover reaches into the band")
            }
        }
    }

    @Test func aShelfStoryPosterByDayAndByNight() async throws {
        let home = try TemporaryHome()
        let add = try await StatsCommandTests.booktag(
            ["add", "shelf", "--shelf", "12345/read", "--count", "all", "--replay", Fixtures.shelfReplay.path],
            home: home)
        #expect(add.status == 0, "\(add.errors)")
        let stats = try BookStore.open(home: home.home).stats(of: TagName("shelf"))
        #expect(stats.charts.count == 2, "a shelf has months and stars")
        for night in [false, true] {
            let output = home.folder.appendingPathComponent("story-\(night).png")
            #expect(try await StatsCommandTests.booktag(["night", night ? "on" : "off"], home: home).status == 0)
            let run = try await StatsCommandTests.booktag(
                ["collage", "shelf", "--stats", "--size", "story", "--output", output.path], home: home)
            #expect(run.status == 0, "\(run.errors)")
            let image = try DecodedImage(try Data(contentsOf: output))
            #expect(image.width == 1080 && image.height == 1920)
            let theme = CollageTheme.forNightMode(night)
            let planner = CollagePlanner(
                size: try CollageSize(parsing: "story"), columns: nil, layout: .grid, fit: .contain, labelLines: 0,
                showsTitle: true, showsStats: true)
            let band = try #require(try planner.plan(aspects: Array(repeating: 2.0 / 3.0, count: 1)).stats)
            #expect(
                image.rgb(band.x, band.maxY - 1) == theme.background,
                "the band is on the \(night ? "night" : "day") background")
            #expect(Self.count(theme.accent, in: image, box: band) > 2_000, "the bars are drawn in the accent colour")
        }
    }

    @Test func thePageShowsTheNumbersAndChartsAsInertSVG() throws {
        let hostile = "<script>alert(1)</script><img src=x onerror=alert(2)>"
        let stats = TagStats(
            tag: "my <b>2025</b>", year: 2025, readingRecords: true,
            books: [
                StatsTests.book(
                    1, hostile, author: "\"quoted\" & <i>", pages: 96, rating: 4.5, year: 1999, stars: 5,
                    read: "2025-01-02"),
                StatsTests.book(2, "Long", pages: 1104, rating: 3.5, year: 2001, stars: 3, read: "2025-03-04"),
            ])
        let page = CollagePage(title: stats.tag, books: [], theme: .night, stats: stats).html()
        #expect(HTMLAudit.scriptCapableMarkup(in: page).isEmpty, "\(HTMLAudit.scriptCapableMarkup(in: page))")
        #expect(!page.contains("<script>alert") && page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(page.contains("content=\"\(CollagePage.contentSecurityPolicy)\""), "the CSP is unchanged")
        #expect(page.contains("2 books · 1,200 pages · my stars 4.00"))
        #expect(
            page.contains("aria-label=\"books per month: J 1, F 0, M 1,")
                && page.contains("aria-label=\"stars given: 1★ 0, 2★ 0, 3★ 1, 4★ 0, 5★ 1\""))
        #expect(page.components(separatedBy: "<rect x=").count - 1 == 12 + 5, "a bar for every month and every star")
        // The calendar: a square for each day of 2025 so far, its words as the drawing's name.
        let summary = "Reading calendar 2025: reading on 2 days, longest run 1 day"
        #expect(page.contains("aria-label=\"\(summary)\"") && page.contains("<figcaption>\(summary)</figcaption>"))
        #expect(
            page.components(separatedBy: "<rect class=\"day ").count - 1 == 2 * (stats.calendar?.daysSoFar ?? 0)
                && page.components(separatedBy: "<rect class=\"day l4\"").count - 1 == 2 * 2,
            "the strip and the halves")
    }

    @Test func theGalleryShowsEachTagsHeadline() async throws {
        let home = try TemporaryHome()
        let add = try await StatsCommandTests.booktag(
            ["add", "shelf", "--shelf", "12345/read", "--count", "all", "--replay", Fixtures.shelfReplay.path],
            home: home)
        #expect(add.status == 0, "\(add.errors)")
        let run = try await StatsCommandTests.booktag(["collage", "--all", "--format", "html", "--stats"], home: home)
        #expect(run.status == 0, "\(run.errors)")
        let headline = try BookStore.open(home: home.home).stats(of: TagName("shelf")).headline
        let gallery = try String(
            contentsOf: home.home.collagesFolder.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(gallery.contains(headline.htmlEscaped), "\(headline)")
        let page = try String(
            contentsOf: home.home.collagesFolder.appendingPathComponent("shelf.html"), encoding: .utf8)
        #expect(page.contains("<svg") && HTMLAudit.scriptCapableMarkup(in: page).isEmpty)
    }

    @Test func aSearchTagGetsNumbersButNoCharts() async throws {
        let home = try await CollageCommandTests.fantasy()
        let run = try await StatsCommandTests.booktag(["collage", "fantasy", "--stats", "--size", "story"], home: home)
        #expect(run.status == 0, "\(run.errors)")
        let image = try DecodedImage(
            try Data(contentsOf: home.home.collagesFolder.appendingPathComponent("fantasy.png")))
        let planner = CollagePlanner(
            size: try CollageSize(parsing: "story"), columns: nil, layout: .grid, fit: .contain, labelLines: 0,
            showsTitle: true, showsStats: true,
            statsHaveCharts: false)
        let band = try #require(try planner.plan(aspects: [2.0 / 3.0]).stats)
        #expect(Self.count(CollageTheme.day.accent, in: image, box: band) == 0, "no bars for a search")
        #expect(Self.count(CollageTheme.day.text, in: image, box: band) > 200, "the headline is drawn")
        // Recorded: the next reroll draws the numbers too.
        #expect(try BookStore.open(home: home.home).tag(TagName("fantasy"))?.collageStyle?.stats == true)
    }
}
