import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

/// `collage --print`: the built binary prints a tag of the genuine Calibre library's five
/// photographic JPEG covers, and poppler's and qpdf's tools read the PDF as a print shop would.
@Suite(.serialized) struct PrintCommandTests {
    static let tag = "finleyge-mycalibredatebase"
    static let points = 72 / 25.4

    static func booktag(_ arguments: [String], home: TemporaryHome) async throws -> BooktagProcess.Run {
        try await BooktagProcess.run(arguments + ["--home", home.folder.path])
    }

    /// A home holding the Calibre library as a tag.
    static func calibreHome() async throws -> TemporaryHome {
        let home = try TemporaryHome()
        let library = Fixtures.packageRoot.appendingPathComponent(GenuineCovers.calibreLibrary)
        let run = try await booktag(["import", library.path], home: home)
        try #require(run.status == 0, "\(run.errors)")
        return home
    }

    static func json(_ run: BooktagProcess.Run) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    }

    /// `expected` within half a point, box by box.
    static func near(_ box: [Double]?, _ expected: [Double]) -> Bool {
        guard let box, box.count == 4 else { return false }
        return zip(box, expected).allSatisfy { abs($0 - $1) <= 0.5 }
    }

    @Test func anA2PDFHasItsBoxesEachCoversOwnBytesAndEmbeddedFonts() async throws {
        let home = try await Self.calibreHome()
        let run = try await Self.booktag(
            ["collage", Self.tag, "--print", "a2", "--labels", "title", "--json"], home: home)
        #expect(run.status == 0, "\(run.errors)")
        let output = try Self.json(run)
        let file = URL(fileURLWithPath: try #require(output["file"] as? String))
        #expect(file.path.hasSuffix("/collages/print/\(Self.tag)-a2.pdf"))

        // The page is the paper and 3 mm on each side; the trim is the paper.
        let boxes = try PDFTools.boxes(file)
        let page = [0, 0, 426 * Self.points, 600 * Self.points]
        #expect(Self.near(boxes["MediaBox"], page), "\(boxes)")
        #expect(Self.near(boxes["BleedBox"], page), "\(boxes)")
        let bleed = 3 * Self.points
        #expect(Self.near(boxes["TrimBox"], [bleed, bleed, page[2] - bleed, page[3] - bleed]), "\(boxes)")
        #expect(try PDFTools.run("qpdf", ["--check", file.path]).status == 0)

        // One image per cover, each the stored cover's own JPEG bytes.
        let images = try PDFTools.images(file)
        #expect(images.count == 5 && images.allSatisfy { $0.encoding == "jpeg" }, "\(images)")
        let store = try BookStore.open(home: home.home)
        let stored = try Set(
            store.books(of: TagName(Self.tag)).map { try Data(contentsOf: store.coverURL($0.book.coverPath)) })
        let folder = home.folder.appendingPathComponent("extracted", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(
            try PDFTools.run("pdfimages", ["-j", file.path, folder.appendingPathComponent("cover").path]).status == 0)
        let extracted = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        #expect(extracted.count == 5 && extracted.allSatisfy { $0.pathExtension == "jpg" })
        #expect(try Set(extracted.map { try Data(contentsOf: $0) }) == stored, "each cover's bytes as stored")

        // The note's resolution is what pdfimages measures.
        let ppi = images.map(\.xPPI).sorted()
        #expect(output["lowestPPI"] as? Int == ppi.first && output["medianPPI"] as? Int == ppi[(ppi.count - 1) / 2])
        #expect(output["softCovers"] as? Int == ppi.count { $0 < 150 })

        let fonts = try PDFTools.fonts(file)
        #expect(!fonts.isEmpty && fonts.allSatisfy(\.embedded), "\(fonts)")

        // The background fills the bleed, and nothing but background lies within 5 mm of the trim.
        let rendered = try PDFTools.render(file, dpi: 30)
        let background = CollageTheme.forNightMode(false).background
        func pixel(_ x: Int, _ y: Int) -> [UInt8] {
            let at = (y * rendered.width + x) * 3
            return Array(rendered.rgb[at..<at + 3])
        }
        #expect(pixel(0, 0) == [UInt8(background.red), UInt8(background.green), UInt8(background.blue)])
        let perMillimetre = 30 / 25.4
        let inner = Int((3.5 * perMillimetre).rounded(.up))
        let outer = Int((7.5 * perMillimetre).rounded(.down))
        var marks = 0
        for y in 0..<rendered.height {
            for x in 0..<rendered.width {
                let inBand =
                    min(x, y, rendered.width - 1 - x, rendered.height - 1 - y) >= inner
                    && min(x, y, rendered.width - 1 - x, rendered.height - 1 - y) <= outer
                if inBand, pixel(x, y) != pixel(0, 0) { marks += 1 }
            }
        }
        #expect(marks == 0, "\(marks) pixels of the safe margin are not background")
    }

    @Test func landscapeTurnsThePaperAndBleedIsTheReadersChoice() async throws {
        let home = try await Self.calibreHome()
        let run = try await Self.booktag(
            ["collage", Self.tag, "--print", "A3", "--landscape", "--bleed", "5mm", "--stats", "--no-title"], home: home
        )
        #expect(run.status == 0, "\(run.errors)")
        let file = URL(fileURLWithPath: run.output.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(file.lastPathComponent == "\(Self.tag)-a3-landscape.pdf")
        let boxes = try PDFTools.boxes(file)
        let page = [0, 0, 430 * Self.points, 307 * Self.points]
        let bleed = 5 * Self.points
        #expect(Self.near(boxes["MediaBox"], page), "\(boxes)")
        #expect(Self.near(boxes["TrimBox"], [bleed, bleed, page[2] - bleed, page[3] - bleed]), "\(boxes)")
        #expect(try PDFTools.run("qpdf", ["--check", file.path]).status == 0)
        #expect(try PDFTools.fonts(file).allSatisfy(\.embedded))
        #expect(run.errors.contains("ppi on a3-landscape (median "), "\(run.errors)")
    }

    @Test func theSamePageAsA300PPIImage() async throws {
        let home = try await Self.calibreHome()
        let run = try await Self.booktag(["collage", Self.tag, "--print", "a4", "--format", "jpeg"], home: home)
        #expect(run.status == 0, "\(run.errors)")
        let file = URL(fileURLWithPath: run.output.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(file.lastPathComponent == "\(Self.tag)-a4.jpg")
        // (210 + 6) × (297 + 6) mm at 300 pixels an inch.
        #expect(ImageInfo(try Data(contentsOf: file)) == ImageInfo(format: .jpeg, width: 2551, height: 3579))
    }

    @Test(arguments: [
        (
            ["--print", "b5"],
            "error: unknown paper \"b5\": use one of a4, a3, a2, a1, 50x70cm, 60x90cm, 18x24in, 24x36in"
        ),
        (["--print", "a2", "--bleed=-1"], "error: bleed -1 mm is not between 0 and 25 mm"),
        (["--print", "a2", "--bleed", "100"], "error: bleed 100 mm is not between 0 and 25 mm"),
        (["--print", "a2", "--bleed", "3 furlongs"], "--bleed takes a length such as 3, 3mm, 0.3cm or 0.125in"),
        (["--print", "a2", "--bleed", "3cm"], "error: bleed 30 mm is not between 0 and 25 mm"),
        (["--print", "a2", "--format", "html"], "--print writes a PDF, PNG or JPEG, not HTML"),
        (["--print", "a2", "--size", "4k"], "--print sets the size from the paper"),
        (["--landscape"], "--landscape, --bleed and --offline go with --print PAPER"),
    ])
    func badPrintOptionsAreOneLineAndWriteNothing(arguments: [String], message: String) async throws {
        let home = try await Self.calibreHome()
        let run = try await Self.booktag(["collage", Self.tag] + arguments, home: home)
        #expect(run.status == 64, "\(run.errors)")
        #expect(run.errors.contains(message), "\(run.errors)")
        let folder = home.home.collagesFolder.appendingPathComponent("print")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.isEmpty ?? true)
    }

    @Test func anOutputInAMissingFolderIsOneLineAndLeavesNothing() async throws {
        let home = try await Self.calibreHome()
        let missing = home.folder.appendingPathComponent("no-such-folder/poster.pdf")
        let run = try await Self.booktag(["collage", Self.tag, "--print", "a3", "--output", missing.path], home: home)
        #expect(run.status != 0)
        #expect(run.errors.split(separator: "\n").count == 1 && run.errors.contains("no-such-folder"), "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: missing.deletingLastPathComponent().path))
    }
}

/// A reader's year on 60×90 cm: the genuine StoryGraph export's 2025 (synthetic covers from a fake
/// Open Library), by day and by night. With `BOOKTAG_PICTURES` set to a folder, the PDFs are
/// copied there (how docs/ got its renders).
@Suite(.serialized) struct PrintYearPosterTests {
    @Test func theYearPosterKeepsItsCalendarAsVectorsByDayAndByNight() async throws {
        let home = try await CalendarPosterTests.storyGraphYear(2025)
        let store = try BookStore.open(home: home.home)
        let stats = try store.stats(of: TagName("read 2025"))
        let calendar = try #require(stats.calendar)
        let books = try store.books(of: TagName("read 2025")).count
        for night in [false, true] {
            #expect(try await ImportEndToEndTests.booktag(["night", night ? "on" : "off"], home: home).status == 0)
            let run = try await ImportEndToEndTests.booktag(
                ["collage", "read 2025", "--print", "60x90cm", "--stats", "--json"], home: home)
            #expect(run.status == 0, "\(run.errors)")
            let file = URL(fileURLWithPath: try #require(try PrintCommandTests.json(run)["file"] as? String))
            #expect(try PDFTools.run("qpdf", ["--check", file.path]).status == 0)
            // The covers are the only images: numbers, charts and calendar are drawn as vectors.
            #expect(try PDFTools.images(file).count == min(books, CollageMaker.maximumCovers))
            #expect(try PDFTools.fonts(file).allSatisfy(\.embedded))
            let rendered = try PDFTools.render(file, dpi: 20)
            let map = CollageCalendarMap(calendar: calendar, theme: CollageTheme.forNightMode(night))
            var pixels = Set<Int>()
            for at in stride(from: 0, to: rendered.rgb.count, by: 3) {
                let red = Int(rendered.rgb[at]) << 16
                let green = Int(rendered.rgb[at + 1]) << 8
                pixels.insert(red | green | Int(rendered.rgb[at + 2]))
            }
            for level in Set(calendar.days.prefix(calendar.daysSoFar).map(calendar.level)) {
                let shade = map.shade(level)
                let value = shade.red << 16 | shade.green << 8 | shade.blue
                #expect(pixels.contains(value), "level \(level)")
            }
            if let pictures = ProcessInfo.processInfo.environment["BOOKTAG_PICTURES"] {
                let copy = pictures + "/year-60x90cm-\(night ? "night" : "day").pdf"
                try? FileManager.default.removeItem(atPath: copy)
                try FileManager.default.copyItem(atPath: file.path, toPath: copy)
            }
        }
    }
}
