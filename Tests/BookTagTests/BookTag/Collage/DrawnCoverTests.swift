import BookTagTestSupport
import CPango
import Foundation
import Testing

@testable import BookTag

/// Covers drawn for a reader's books that have none anywhere: legible, one colour per book, any
/// title, and a year with no cover anywhere still a full wall.
@Suite struct DrawnCoverTests {
    /// Pixels of the text colour: the title and author were set.
    static func textPixels(_ image: DecodedImage) -> Int {
        let text = DrawnCover.palette(for: "").text
        return image.pixels.count { $0 == Int32(text.red << 16 | text.green << 8 | text.blue) }
    }

    @Test(
        arguments: [
            ("The Left Hand of Darkness", "Ursula K. Le Guin"),
            (String(repeating: "A very long title indeed, ", count: 20), "Someone"),  // 520 characters
            ("موسم الهجرة إلى الشمال", "الطيب صالح"),
            ("סיפור פשוט", "ש\"י עגנון"),
            ("Line\nbreaks\tand\u{0} controls", nil),
            ("", nil),
        ] as [(String, String?)])
    func anyTitleIsSetLegiblyOnItsOwnColour(title: String, author: String?) throws {
        let data = try DrawnCover.png(title: title, author: author)
        let image = try DecodedImage(data)
        #expect(image.width == 600 && image.height == 900)
        #expect(Self.textPixels(image) > 2_000, "the words are drawn: \(title.prefix(30))")
        let palette = DrawnCover.palette(for: title + "\u{1F}" + (author ?? ""))
        #expect(image.rgb(5, 450) == palette.background)
        #expect(try DrawnCover.png(title: title, author: author) == data, "the same book, the same cover")
        if let pictures = ProcessInfo.processInfo.environment["BOOKTAG_PICTURES"] {
            try data.write(to: URL(fileURLWithPath: pictures + "/drawn-\(abs(title.hashValue % 1000)).png"))
        }
    }

    /// A long word is never broken inside: "The Cartographer's Daughter" was set as "The /
    /// Cartographer / 's Daughter" at 64 pixels; now smaller, so that each word is whole. Short
    /// words keep the full size, and Chinese (which breaks between characters) is not shrunk.
    @Test func aTitleWrapsBetweenWordsNeverInsideOne() throws {
        try CollageText.load()
        let box = Int32(DrawnCover.width - 2 * DrawnCover.titleMargin)
        func wordsFit(_ text: String, _ size: Double) -> Bool {
            text.withCString { booktag_text_words_fit($0, "Sans Bold", size, box) } == 1
        }
        let cartographer = "The Cartographer's Daughter"
        #expect(!wordsFit(cartographer, 64), "at 64 pixels the word is wider than the cover")
        let size = DrawnCover.titleSize(cartographer)
        #expect(size < 64 && size >= 40 && wordsFit(cartographer, size), "\(size)")
        #expect(DrawnCover.titleSize("The Left Hand of Darkness") == 64)
        let chinese = "三体：地球往事三部曲之一，黑暗森林与死神永生"
        #expect(DrawnCover.titleSize(chinese) == 64 && wordsFit(chinese, 64))
        #expect(DrawnCover.titleSize("Pneumonoultramicroscopicsilicovolcanoconiosis") == 40, "the floor")
    }

    /// A cover is drawn half at a time (the text set once, laid over each half): the pixels of
    /// one canvas, whatever the bands, across the title's and the author's lines.
    @Test(arguments: [64, 450, 451])
    func bandsDrawTheCoverOneCanvasDraws(bandRows: Int) throws {
        let title = String(repeating: "A title long enough to wrap ", count: 4)
        let whole = try DecodedImage(DrawnCover.png(title: title, author: "Ursula K. Le Guin", bandRows: 900))
        let banded = try DecodedImage(DrawnCover.png(title: title, author: "Ursula K. Le Guin", bandRows: bandRows))
        #expect(Self.textPixels(whole) > 2_000)
        #expect(banded.width == whole.width && banded.height == whole.height)
        #expect(banded.pixels == whole.pixels)
    }

    /// Near-white text on a deep colour: at least 7:1 (WCAG's AAA) for every hue.
    @Test func everyColourKeepsItsTextLegible() {
        func luminance(_ color: CollageTheme.RGB) -> Double {
            func channel(_ value: Int) -> Double {
                let c = Double(value) / 255
                return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * channel(color.red) + 0.7152 * channel(color.green) + 0.0722 * channel(color.blue)
        }
        var hues = Set<Int>()
        for seed in 0..<2_000 {
            let palette = DrawnCover.palette(for: "book \(seed)")
            let ratio = (luminance(palette.text) + 0.05) / (luminance(palette.background) + 0.05)
            #expect(ratio >= 7, "book \(seed): \(ratio)")
            hues.insert(palette.background.red * 65_536 + palette.background.green * 256 + palette.background.blue)
        }
        #expect(hues.count > 300, "books differ in colour")
    }

    /// A StoryGraph year none of whose books Open Library has a cover for: every book is on the
    /// wall with a drawn cover, and `stats` counts the same books.
    @Test func aYearWithNoCoverAnywhereIsAFullWall() async throws {
        let rows = try StoryGraphTests.rows(StoryGraphTests.raw)
        let catalogue = rows.enumerated().map { index, row -> SyntheticExport.Book in
            SyntheticExport.Book(
                bookID: index + 1, title: row["Title"]!.trimmingCharacters(in: .whitespaces),
                author: row["Authors"]!.components(separatedBy: ", ")[0], isbn10: nil, isbn13: nil, knownISBNs: [],
                coverID: nil, dateRead: nil, dateAdded: "2025/01/01", myRating: 0, exclusiveShelf: "read", shelves: [])
        }
        let openLibrary = try FakeOpenLibrary(books: catalogue)
        let home = try TemporaryHome()
        try ImportEndToEndTests.configure(home, openLibrary: openLibrary.baseURL)
        let run = try await ImportEndToEndTests.booktag(
            ["import", StoryGraphTests.raw.path, "--year", "2025"], home: home)
        #expect(run.status == 0, "\(run.errors)")
        let store = try BookStore.open(home: home.home)
        let books = try store.books(of: TagName("read 2025"))
        let stats = try store.stats(of: TagName("read 2025"))
        #expect(!books.isEmpty && books.allSatisfy(\.coverDrawn) && stats.books == books.count)
        #expect(books.allSatisfy { $0.book.bookID.source == .library })
        #expect(openLibrary.coverRequests.isEmpty)
        let output = home.folder.appendingPathComponent("wall.png")
        let collage = try await ImportEndToEndTests.booktag(
            ["collage", "read 2025", "--stats", "--size", "story", "--output", output.path], home: home)
        #expect(collage.status == 0, "\(collage.errors)")
        let planner = CollagePlanner(
            size: try CollageSize(parsing: "story"), columns: nil, layout: .grid, fit: .contain, labelLines: 0,
            showsTitle: true, showsStats: true, statsHaveCalendar: true)
        let plan = try planner.plan(aspects: Array(repeating: 2.0 / 3.0, count: books.count))
        let image = try DecodedImage(try Data(contentsOf: output))
        for (cell, entry) in zip(plan.cells, books) {
            let palette = DrawnCover.palette(for: entry.book.title + "\u{1F}" + (entry.book.authorName ?? ""))
            let frame = cell.frame
            #expect(image.rgb(frame.x + 2, frame.y + frame.height / 2) == palette.background, "\(entry.book.title)")
        }
        if let pictures = ProcessInfo.processInfo.environment["BOOKTAG_PICTURES"] {
            try? FileManager.default.removeItem(atPath: pictures + "/drawn-wall.png")
            try FileManager.default.copyItem(atPath: output.path, toPath: pictures + "/drawn-wall.png")
        }
    }
}
