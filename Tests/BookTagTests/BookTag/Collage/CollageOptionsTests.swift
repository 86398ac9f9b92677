import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

/// Sizes, fit, justified rows, labels, titles and backgrounds: checked by image size, frame
/// geometry and sampled pixels (never by bytes).
@Suite struct CollageOptionsTests {
    let red = CollageTheme.RGB(200, 30, 40)
    let green = CollageTheme.RGB(30, 160, 60)
    let blue = CollageTheme.RGB(40, 60, 200)

    func covers(_ count: Int) -> [CollageCover] {
        (0..<count).map {
            CollageCover(
                title: "Book \($0)", author: "Author \($0)", year: 2000 + $0, rating: 4.1, image: jpegCover(colour: red)
            )
        }
    }

    // MARK: - Parsing and bad input

    @Test(arguments: [
        ("wallpaper", 1920, 1080), ("4k", 3840, 2160), ("phone", 1170, 2532), ("square", 1080, 1080),
        ("a4", 2480, 3508), ("800x600", 800, 600), (" 640×480 ", 640, 480),
    ])
    func sizesAndPresets(text: String, width: Int, height: Int) throws {
        let size = try CollageSize(parsing: text)
        #expect(size.width == width && size.height == height)
    }

    @Test(arguments: [
        "0x0", "100000x100000", "abc", "1920x", "x1080", "1920x1080x2", "-5x100", "16385x100", "12000x12000", "63x100",
        "",
    ])
    func badSizesAreRefusedBeforeAnythingIsDrawn(text: String) {
        #expect(throws: CollageOptionError.self) { try CollageSize(parsing: text) }
    }

    @Test func labelsAndColoursParseOrSayWhatIsAccepted() throws {
        #expect(try CollageLabel.parseList("rating, title,year,title") == [.title, .year, .rating])
        #expect(try CollageLabel.parseList("none").isEmpty)
        #expect(throws: CollageOptionError.unknownLabel("pages")) { try CollageLabel.parseList("title,pages") }
        #expect(try CollageColor(parsing: "#1a2B3c").rgb == CollageTheme.RGB(0x1A, 0x2B, 0x3C))
        #expect(try CollageColor(parsing: "#fa0").rgb == CollageTheme.RGB(0xFF, 0xAA, 0x00))
        #expect(try CollageColor(parsing: "RebeccaPurple").rgb == CollageTheme.RGB(0x66, 0x33, 0x99))
        #expect(try CollageColor(parsing: "navy").rgb == CollageTheme.RGB(0, 0, 0x80))
        for bad in ["#12345", "#ggg", "blurple", "rgb(1,2,3)", "", "#1234567"] {
            #expect(throws: CollageOptionError.badColor(bad)) { try CollageColor(parsing: bad) }
        }
        #expect(CollageOptionError.badColor("x").localizedDescription.contains("#rrggbb"))
        #expect(throws: CollageOptionError.badTitle) { try CollageTitle.custom("   ") }
        #expect(throws: CollageOptionError.badTitle) { try CollageTitle.custom("a\u{7}b") }
    }

    @Test func aStyleRoundTripsThroughTheStoreEncoding() throws {
        let options = CollageOptions(
            format: .jpeg, columns: 5, size: try CollageSize(parsing: "4k"), fit: .cover, layout: .rows,
            labels: [.title, .rating],
            title: try CollageTitle.custom("My year"), background: try CollageColor(parsing: "navy"))
        let decoded = try JSONDecoder().decode(CollageStyle.self, from: CollageStyle.encoder.encode(options.style))
        #expect(decoded == options.style)
        #expect(CollageOptions(style: decoded, nightMode: false) == options)
        let hidden = CollageOptions(title: .hidden)
        #expect(CollageOptions(style: hidden.style, nightMode: true).title == .hidden)
        #expect(CollageOptions(style: CollageOptions().style, nightMode: true).title == .tagName)
    }

    // MARK: - Sizes

    @Test(arguments: [("wallpaper", 6, 2), ("phone", 3, 4), ("square", 4, 3), ("4k", 6, 2), ("a4", 4, 3)])
    func aSizedGridIsExactlyThatSizeWithTheLargestCovers(preset: String, columns: Int, rows: Int) throws {
        let size = try CollageSize(parsing: preset)
        let planner = CollagePlanner(
            size: size, columns: nil, layout: .grid, fit: .contain, labelLines: 0, showsTitle: true)
        let plan = try planner.plan(aspects: Array(repeating: 2.0 / 3.0, count: 12))
        #expect(plan.width == size.width && plan.height == size.height)
        #expect(plan.columns == columns && plan.rows == rows)
        // No other column count gives larger covers.
        let chosen = plan.cells[0].frame.width * plan.cells[0].frame.height
        for other in 1...12 where other != columns {
            let alternative = try CollagePlanner(
                size: size, columns: other, layout: .grid, fit: .contain, labelLines: 0, showsTitle: true
            )
            .plan(aspects: Array(repeating: 2.0 / 3.0, count: 12))
            #expect(alternative.cells[0].frame.width * alternative.cells[0].frame.height <= chosen, "\(other) columns")
        }
        Self.expectInside(plan)
    }

    @Test func fixedColumnsAreKeptWithASize() throws {
        let plan = try CollagePlanner(
            size: try CollageSize(parsing: "wallpaper"), columns: 4, layout: .grid, fit: .contain, labelLines: 0,
            showsTitle: true
        )
        .plan(aspects: Array(repeating: 2.0 / 3.0, count: 12))
        #expect(plan.columns == 4 && plan.rows == 3)
        #expect(Set(plan.cells.map(\.frame.x)).count == 4)
    }

    @Test func oneBookOnA4KCanvasIsOneLargeCentredCover() throws {
        let rendered = try CollageRenderer().render(
            title: "one", covers: covers(1), options: CollageOptions(size: try CollageSize(parsing: "4k")))
        #expect(ImageInfo(rendered.data) == ImageInfo(format: .png, width: 3840, height: 2160))
        let frame = rendered.plan.cells[0].frame
        #expect(frame.height > 1700 && abs(Double(frame.width) / Double(frame.height) - 2.0 / 3.0) < 0.01)
        #expect(abs(frame.center.x - 1920) <= 2)
        let image = try DecodedImage(rendered.data)
        #expect(image.pixel(frame.center.x, frame.center.y, is: red, tolerance: 12))
        #expect(image.pixel(frame.x - 20, frame.center.y, is: CollageTheme.day.background))
    }

    @Test func aHundredBooksOnAPhoneAllFitWithoutOverlapping() throws {
        let plan = try CollagePlanner(
            size: try CollageSize(parsing: "phone"), columns: nil, layout: .grid, fit: .contain, labelLines: 2,
            showsTitle: true
        )
        .plan(aspects: Array(repeating: 2.0 / 3.0, count: 100))
        #expect(plan.cells.count == 100)
        Self.expectInside(plan)
        let frames = plan.cells.map(\.frame)
        for (index, frame) in frames.enumerated() {
            for other in frames[(index + 1)...] {
                #expect(
                    frame.maxX <= other.x || other.maxX <= frame.x || frame.maxY <= other.y || other.maxY <= frame.y)
            }
        }
        let rows = try CollagePlanner(
            size: try CollageSize(parsing: "phone"), columns: nil, layout: .rows, fit: .contain, labelLines: 0,
            showsTitle: true
        )
        .plan(aspects: (0..<100).map { [0.66, 1.0, 0.5][$0 % 3] })
        #expect(rows.cells.count == 100)
        Self.expectInside(rows)
    }

    @Test func tooManyCoversForATinyCanvasIsRefused() throws {
        let planner = CollagePlanner(
            size: try CollageSize(parsing: "64x64"), columns: nil, layout: .grid, fit: .contain, labelLines: 3,
            showsTitle: true)
        #expect(throws: CollageOptionError.tooManyForSize(count: 100, size: "64x64")) {
            try planner.plan(aspects: Array(repeating: 0.66, count: 100))
        }
        // A hundred natural cells in one column would be 31,695 pixels tall: refused, not allocated.
        let tall = CollagePlanner(size: nil, columns: 1, layout: .grid, fit: .contain, labelLines: 0, showsTitle: true)
        #expect(throws: CollageOptionError.sizeOutOfRange("248x31695")) {
            try tall.plan(aspects: Array(repeating: 0.66, count: 100))
        }
    }

    // MARK: - Fit

    @Test func fitCoverFillsTheCellCroppedAboutTheCentreAndContainShowsItWhole() throws {
        // A wide cover in a tall cell: red | green | blue stripes.
        let wide = CollageCover(
            title: "wide", image: stripedCover(width: 600, height: 300, colours: [red, green, blue]))
        let filled = try CollageRenderer().render(title: nil, covers: [wide], options: CollageOptions(fit: .cover))
        let cell = filled.plan.cells[0].frame
        let image = try DecodedImage(filled.data)
        for (x, y) in [(cell.x + 2, cell.y + 2), (cell.maxX - 3, cell.maxY - 3), (cell.center.x, cell.center.y)] {
            #expect(image.pixel(x, y, is: green, tolerance: 16), "the centre stripe fills the cell at \(x),\(y)")
        }
        let contained = try CollageRenderer().render(title: nil, covers: [wide], options: CollageOptions(fit: .contain))
        let whole = try DecodedImage(contained.data)
        let frame = contained.plan.cells[0].frame
        #expect(whole.pixel(frame.x + 10, frame.center.y, is: red, tolerance: 16))
        #expect(whole.pixel(frame.maxX - 10, frame.center.y, is: blue, tolerance: 16))
        #expect(whole.pixel(frame.center.x, frame.y + 5, is: CollageTheme.day.background), "letterboxed above")
    }

    // MARK: - Justified rows

    @Test(arguments: [nil, "wallpaper", "a4"])
    func justifiedRowsSpanTheWidthWithWholeCoversOfOneHeight(size: String?) throws {
        let aspects: [Double] = (0..<23).map { [0.66, 1.0, 1.5, 0.5, 0.75][$0 % 5] }
        let planner = CollagePlanner(
            size: try size.map(CollageSize.init(parsing:)), columns: nil, layout: .rows, fit: .contain, labelLines: 0,
            showsTitle: true)
        let plan = try planner.plan(aspects: aspects)
        let rows = Dictionary(grouping: plan.cells.indices, by: { plan.cells[$0].frame.y }).sorted { $0.key < $1.key }
        #expect(rows.count == plan.rows && rows.count > 1)
        let left = plan.cells.map(\.frame.x).min()!
        let right = plan.cells.map(\.frame.maxX).max()!
        for (number, row) in rows.enumerated() {
            let frames = row.value.map { plan.cells[$0].frame }
            #expect(Set(frames.map(\.height)).count == 1, "one height per row")
            for index in row.value {
                let frame = plan.cells[index].frame
                #expect(
                    abs(Double(frame.width) / Double(frame.height) - aspects[index]) < 0.05,
                    "cover \(index) keeps its shape")
            }
            if number < rows.count - 1 {
                #expect(
                    frames.map(\.x).min() == left && frames.map(\.maxX).max() == right, "row \(number) spans the width")
            } else {
                #expect(
                    frames[0].height <= rows.dropLast().map { plan.cells[$0.value[0]].frame.height }.max()! + 1,
                    "the last row is not taller")
            }
        }
        if let size = try size.map(CollageSize.init(parsing:)) {
            #expect(plan.width == size.width && plan.height == size.height)
            let top = plan.cells.map(\.frame.y).min()!
            let bottom = plan.cells.map(\.frame.maxY).max()!
            #expect(
                Double(bottom - top) > 0.75 * Double(size.height - (plan.rule?.maxY ?? 0) - 60), "rows fill the height")
        }
        Self.expectInside(plan)
    }

    @Test func choosingRowsStopsEarlyWithTheSamePlanAsTryingEveryRowCount() throws {
        var generator = SeededGenerator(seed: 20_261_123)
        let sizes = ["4k", "wallpaper", "phone", "square", "a4", "640x480", "300x2000"]
        for trial in 0..<300 {
            let count = Int.random(in: 1...120, using: &generator)
            let aspects: [Double?] = (0..<count).map { _ in Double.random(in: 0.4...1.8, using: &generator) }
            var planner = CollagePlanner(
                size: try CollageSize(parsing: sizes[trial % sizes.count]), columns: nil, layout: .rows, fit: .contain,
                labelLines: trial % 3, showsTitle: trial % 2 == 0)
            let early = try? planner.plan(aspects: aspects)
            planner.triesEveryRowCount = true
            let every = try? planner.plan(aspects: aspects)
            #expect(early?.cells == every?.cells, "trial \(trial): \(count) covers on \(sizes[trial % sizes.count])")
        }
    }

    @Test func justifiedRowsAreDrawnWithTheirCovers() throws {
        let shapes = [(300, 450), (450, 450), (600, 400), (300, 450), (200, 400)]
        let covers = shapes.map { CollageCover(title: "x", image: jpegCover(width: $0.0, height: $0.1, colour: blue)) }
        let rendered = try CollageRenderer().render(
            title: "rows", covers: covers,
            options: CollageOptions(size: try CollageSize(parsing: "wallpaper"), layout: .rows))
        let image = try DecodedImage(rendered.data)
        for cell in rendered.plan.cells {
            #expect(
                image.pixel(cell.frame.x + 2, cell.frame.y + 2, is: blue, tolerance: 14),
                "covers fill their frames to the corner")
            #expect(image.pixel(cell.frame.maxX - 3, cell.frame.maxY - 3, is: blue, tolerance: 14))
        }
    }

    // MARK: - Labels, title, background

    @Test func labelsAreDrawnUnderEachCover() throws {
        let labelled = try CollageRenderer().render(
            title: "t", covers: covers(4), options: CollageOptions(labels: [.title, .author, .year, .rating]))
        let plain = try CollageRenderer().render(title: "t", covers: covers(4), options: CollageOptions())
        #expect(labelled.plan.height > plain.plan.height, "room is made for the labels")
        #expect(labelled.plan.labelLines == 3)
        let image = try DecodedImage(labelled.data)
        for cell in labelled.plan.cells {
            let label = try #require(cell.label)
            #expect(label.y >= cell.frame.maxY && label.width == cell.frame.width)
            let ink = (label.y..<label.maxY).flatMap { y in (label.x..<label.maxX).map { (x: $0, y: y) } }
                .filter { !image.pixel($0.x, $0.y, is: CollageTheme.day.background) }
            #expect(ink.count > 200, "text under the cover")
        }
        #expect(plain.plan.cells.allSatisfy { $0.label == nil })
    }

    @Test func aBackgroundColourAndNoTitle() throws {
        let navy = try CollageColor(parsing: "navy")
        let rendered = try CollageRenderer().render(
            title: "Night shelf", covers: covers(3), options: CollageOptions(background: navy))
        let image = try DecodedImage(rendered.data)
        #expect(image.pixel(2, 2, is: navy.rgb))
        let title = try #require(rendered.plan.title)
        let brightest = (title.y..<title.maxY).flatMap { y in (title.x..<title.maxX).map { image.rgb($0, y) } }.map {
            $0.red + $0.green + $0.blue
        }.max()!
        #expect(brightest > 500, "the title is light on a dark background")

        let untitled = try CollageRenderer().render(
            title: nil, covers: covers(3), options: CollageOptions(title: .hidden))
        #expect(untitled.plan.title == nil && untitled.plan.rule == nil)
        #expect(untitled.plan.height == rendered.plan.height - 63, "no caption band")
    }

    static func expectInside(_ plan: CollagePlan) {
        for cell in plan.cells {
            #expect(
                cell.frame.x >= 0 && cell.frame.y >= 0 && cell.frame.maxX <= plan.width
                    && cell.frame.maxY <= plan.height, "\(cell.frame)")
            if let label = cell.label { #expect(label.maxY <= plan.height) }
        }
    }
}
