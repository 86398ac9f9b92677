import ArgumentParser
import BookTag
import BookTagTestSupport
import Foundation

/// `booktag-bench collage`: `booktag collage` as a whole process next to ImageMagick's
/// `montage` and libvips (Benchmarks/vips/vips-collage.c, built here when libvips' headers are
/// installed) making the same grid from the same 300×450 covers, alternating: the default grid of
/// 12 and a 4k canvas of 100, on photographic covers and on flat ones, with each file's size in
/// bytes per pixel; then each layout's render time and the row choice.
struct CollageBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "collage",
        abstract: "Time `booktag collage` against ImageMagick's montage (build booktag in release first)."
    )

    @Option(help: "The booktag binary (default: .build/release/booktag in the package).")
    var booktag: String?

    @Option(help: "Runs of each tool per format, alternating; the median is reported.")
    var runs = 9

    @Option(help: "An earlier booktag binary, run in the same alternation for before/after figures.")
    var before: String?

    @Flag(help: "Keep the home with the covers (its path is printed), to time its parts with `booktag -v collage`.")
    var keepHome = false

    @Option(
        help:
            "How covers meet their cells: contain (whole, on the background) or cover (filling them, cropped); libvips does the same."
    )
    var fit = "contain"

    @Flag(help: "Plasma fractals for the photographic covers, instead of cuts of the genuine Calibre covers.")
    var plasma = false

    typealias Sample = BenchProcess.Sample

    func run() throws {
        let binary = booktag ?? Corpus.packageRoot.appendingPathComponent(".build/release/booktag").path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw ValidationError("no booktag binary at \(binary): run `swift build -c release` in the package first")
        }
        guard
            let montage = ["/usr/bin/montage", "/usr/local/bin/montage"].first(
                where: FileManager.default.isExecutableFile(atPath:)),
            let convert = ["/usr/bin/convert", "/usr/local/bin/convert"].first(
                where: FileManager.default.isExecutableFile(atPath:))
        else {
            throw ValidationError("ImageMagick is needed for the comparison: apt-get install imagemagick")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "booktag-bench-collage-\(UUID().uuidString)")
        let vips = try BenchProcess.buildVipsCollage(in: folder)
        defer { if !keepHome { try? FileManager.default.removeItem(at: folder) } }
        let home = BookTagHome(folder: folder.appendingPathComponent("home"))
        if keepHome { print("home: \(home.dataFolder.path)") }

        // A hundred photographic 300×450 JPEG covers: the first twelve are the tag "bench", all of
        // them the tag "hundred". By default they are cut from the five genuine Calibre covers
        // (fixtures/libraries), each from its own part of one, at quality 88; `--plasma` makes
        // them plasma fractals, noise that no coder shrinks much. And a hundred flat ones (PNG: a
        // colour, a panel, a title), "flat" and "flat hundred".
        var covers: [URL] = []
        var flatCovers: [URL] = []
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var genuine: [URL] = []
        if !plasma {
            for (index, data) in try GenuineCovers.calibre(packageRoot: Corpus.packageRoot).enumerated() {
                let file = folder.appendingPathComponent("genuine-\(index).jpg")
                try data.write(to: file)
                genuine.append(file)
            }
        }
        let colours = ["#8B3A3A", "#2F4F6F", "#3B6B3B", "#6B4E8B", "#B8860B", "#1F1F3F"]
        for index in 0..<100 {
            let file = folder.appendingPathComponent("cover-\(index).jpg")
            let source =
                plasma
                ? ["-size", "300x450", "-seed", "\(index + 1)", "plasma:"]
                : [
                    genuine[index % genuine.count].path, "-crop",
                    "\(80 + index % 4 * 5)%x\(80 + index % 3 * 5)%+\(index * 37 % 60)+\(index * 53 % 80)", "+repage",
                    "-resize", "300x450^", "-gravity", "center", "-extent", "300x450",
                ]
            _ = try BenchProcess.spawn([convert] + source + ["-quality", "88", file.path])
            covers.append(file)
            let flat = folder.appendingPathComponent("flat-\(index).png")
            _ = try BenchProcess.spawn([
                convert, "-size", "300x450", "xc:\(colours[index % colours.count])", "-fill", "#F4E4C1", "-draw",
                "rectangle 30,60 270,\(150 + index % 5 * 20)",
                "-fill", "#F4E4C1", "-font", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "-pointsize", "30",
                "-annotate", "+40+330", "Book \(index)", flat.path,
            ])
            flatCovers.append(flat)
        }
        let flatBooks = try flatCovers.enumerated().map { index, file in
            GatheredBook(
                work: SearchWork(
                    workID: 500 + index, id: .goodreads(5000 + index), title: "Book \(index)",
                    authorName: "Author \(index)", averageRating: 3.9, originalPublicationYear: 1990 + index % 25),
                cover: try Data(contentsOf: file))
        }
        let books = try covers.enumerated().map { index, file in
            GatheredBook(
                work: SearchWork(
                    workID: index, id: .goodreads(1000 + index), title: "Cover \(index)", authorName: "Author \(index)",
                    averageRating: 4.1, originalPublicationYear: 2000 + index % 25),
                cover: try Data(contentsOf: file))
        }
        let store = try BookStore.open(home: home)
        try store.createTag(
            TagName("bench"), source: .goodreads, books: Array(books.prefix(12)),
            search: SearchPosition(totalResults: 12, pageSize: 20, startPage: 1))
        try store.createTag(
            TagName("hundred"), source: .goodreads, books: books,
            search: SearchPosition(totalResults: 100, pageSize: 20, startPage: 1))
        try store.createTag(
            TagName("flat"), source: .goodreads, books: Array(flatBooks.prefix(12)),
            search: SearchPosition(totalResults: 12, pageSize: 20, startPage: 1))
        try store.createTag(
            TagName("flat hundred"), source: .goodreads, books: flatBooks,
            search: SearchPosition(totalResults: 100, pageSize: 20, startPage: 1))

        let timeSource =
            FileManager.default.isExecutableFile(atPath: "/usr/bin/time")
            ? "from GNU time" : "from wait4 (overstated: install the time package)"
        print(
            "300×450 covers; booktag \(binary); median of \(runs) alternating runs; peak memory \(timeSource); JPEG at quality 88 for all; sizes in bytes per pixel (B/px)"
        )
        if vips == nil { print("(libvips: not measured; apt-get install libvips-dev to compare)") }
        // The default grid (12 covers, 4 columns) and a 4k canvas of 100 covers, against montage
        // and libvips making the same grid at the same size.
        let cases:
            [(name: String, tag: String, covers: [URL], count: Int, ours: [String], theirs: [String], cell: [String])] =
                [
                    (
                        "photographic, default grid, 12 covers", "bench", covers, 12, [],
                        ["-tile", "4x", "-geometry", "200x300+8+8"], ["4", "200", "300", "8"]
                    ),
                    (
                        "photographic, 4k, 100 covers", "hundred", covers, 100, ["--size", "4k"],
                        ["-tile", "16x", "-geometry", "232x300+4+4"], ["16", "232", "300", "4"]
                    ),
                    (
                        "flat, default grid, 12 covers", "flat", flatCovers, 12, [],
                        ["-tile", "4x", "-geometry", "200x300+8+8"], ["4", "200", "300", "8"]
                    ),
                    (
                        "flat, 4k, 100 covers", "flat hundred", flatCovers, 100, ["--size", "4k"],
                        ["-tile", "16x", "-geometry", "232x300+4+4"], ["16", "232", "300", "4"]
                    ),
                ]
        for entry in cases {
            for format in ["png", "jpeg"] {
                let ext = format == "png" ? "png" : "jpg"
                var ours: [Sample] = []
                var theirs: [Sample] = []
                var earlier: [Sample] = []
                var vipsSamples: [Sample] = []
                let ourOutput = folder.appendingPathComponent("booktag.\(ext)").path
                let theirOutput = folder.appendingPathComponent("montage.\(ext)").path
                let vipsOutput = folder.appendingPathComponent("vips.\(ext)").path
                for _ in 0..<runs {
                    if let before {
                        let output = folder.appendingPathComponent("before.\(ext)").path
                        earlier.append(
                            try BenchProcess.spawn(
                                [
                                    before, "collage", entry.tag, "--home", home.dataFolder.path, "--format", format,
                                    "--output", output, "--fit", fit,
                                ] + entry.ours))
                    }
                    ours.append(
                        try BenchProcess.spawn(
                            [
                                binary, "collage", entry.tag, "--home", home.dataFolder.path, "--format", format,
                                "--output", ourOutput, "--fit", fit,
                            ] + entry.ours))
                    theirs.append(
                        try BenchProcess.spawn(
                            [montage] + entry.covers.prefix(entry.count).map(\.path) + entry.theirs + [
                                "-background", "#F4F0E8", "-title", entry.tag, "-font",
                                "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "-depth", "8",
                                "-quality", "88", theirOutput,
                            ]))
                    if let vips {
                        let target = format == "png" ? vipsOutput : vipsOutput + "[Q=88]"
                        vipsSamples.append(
                            try BenchProcess.spawn(
                                [vips] + (fit == "cover" ? ["--fill"] : []) + [target] + entry.cell
                                    + entry.covers.prefix(entry.count).map(\.path)))
                    }
                }
                func median(_ samples: [Sample]) -> Sample {
                    samples.sorted { $0.seconds < $1.seconds }[samples.count / 2]
                }
                func bytesPerPixel(_ path: String) -> Double {
                    guard let data = try? Data(contentsOf: URL(fileURLWithPath: path)), let info = ImageInfo(data)
                    else { return .nan }
                    return Double(data.count) / Double(info.width * info.height)
                }
                let us = median(ours)
                let them = median(theirs)
                let peak = ours.map(\.maxRSSKilobytes).max() ?? 0
                var line = String(
                    format:
                        "%@, %@: booktag %.1f ms (peak %.1f MB) %.3f B/px; montage %.1f ms %.3f B/px (booktag %.2f× faster)",
                    entry.name, format.uppercased(), us.seconds * 1000, Double(peak) / 1024, bytesPerPixel(ourOutput),
                    them.seconds * 1000, bytesPerPixel(theirOutput), them.seconds / us.seconds)
                if !vipsSamples.isEmpty {
                    let theirs = median(vipsSamples)
                    line += String(
                        format: "; libvips %.1f ms %.3f B/px (booktag %.2f× faster, %.2f× its bytes per pixel)",
                        theirs.seconds * 1000, bytesPerPixel(vipsOutput), theirs.seconds / us.seconds,
                        bytesPerPixel(ourOutput) / bytesPerPixel(vipsOutput))
                }
                if let vips, format == "png" {
                    // libvips' default PNG has no row filter (since 8.13), its smallest at the same
                    // zlib level chooses each row's filter as libpng does: booktag's bytes are
                    // measured against that one, its time against the default.
                    let smallest = folder.appendingPathComponent("vips-smallest.png").path
                    _ = try BenchProcess.spawn(
                        [vips] + (fit == "cover" ? ["--fill"] : []) + [smallest + "[compression=6,filter=all]"]
                            + entry.cell + entry.covers.prefix(entry.count).map(\.path))
                    // And booktag's own image saved by libvips that way: the two writers on the same
                    // pixels.
                    let same = folder.appendingPathComponent("vips-same.png").path
                    _ = try BenchProcess.spawn([vips, "--copy", ourOutput, same + "[compression=6,filter=all]"])
                    let size = { (path: String) in
                        Double((try? Data(contentsOf: URL(fileURLWithPath: path)))?.count ?? 0)
                    }
                    line += String(
                        format:
                            "; libvips filter=all %.3f B/px (booktag %.2f× its bytes per pixel; %.2f× its bytes for booktag's pixels)",
                        bytesPerPixel(smallest), bytesPerPixel(ourOutput) / bytesPerPixel(smallest),
                        size(ourOutput) / size(same))
                }
                print(line)
                if !earlier.isEmpty {
                    let then = median(earlier)
                    print(
                        String(
                            format: "    before: %.1f ms (peak %.1f MB): now %.2f× faster than before",
                            then.seconds * 1000, Double(earlier.map(\.maxRSSKilobytes).max() ?? 0) / 1024,
                            then.seconds / us.seconds))
                }
            }
        }

        // Each layout's render time in process (PNG, fastest of 5), and the time to choose
        // justified rows on a 4k canvas.
        print("\nRender time in process by layout (PNG, fastest of 5):")
        let all = books.map {
            CollageCover(
                title: $0.work.title, author: $0.work.authorName, year: $0.work.originalPublicationYear,
                rating: $0.work.averageRating, image: $0.cover)
        }
        for count in [12, 100] {
            var line = "  \(count) covers:"
            for (name, options) in [
                ("grid", CollageOptions()), ("grid 4k", CollageOptions(size: try CollageSize(parsing: "4k"))),
                ("grid 4k cover", CollageOptions(size: try CollageSize(parsing: "4k"), fit: .cover)),
                ("rows 4k", CollageOptions(size: try CollageSize(parsing: "4k"), layout: .rows)),
                (
                    "rows 4k labels",
                    CollageOptions(
                        size: try CollageSize(parsing: "4k"), layout: .rows, labels: [.title, .author, .year, .rating])
                ),
            ] {
                var best = Double.infinity
                for _ in 0..<5 {
                    let start = DispatchTime.now().uptimeNanoseconds
                    _ = try CollageRenderer().render(
                        title: "bench", covers: Array(all.prefix(count)), options: options, format: .png)
                    best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
                }
                line += String(format: "  %@ %.1f ms", name, best)
            }
            print(line)
        }
        let aspects: [Double?] = (0..<100).map { [0.66, 1.0, 0.5, 0.75, 1.5][$0 % 5] }
        let planner = CollagePlanner(
            size: try CollageSize(parsing: "4k"), columns: nil, layout: .rows, fit: .contain, labelLines: 0,
            showsTitle: true)
        var fastest = Double.infinity
        var total = 0.0
        for _ in 0..<200 {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = try planner.plan(aspects: aspects)
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            fastest = min(fastest, elapsed)
            total += elapsed
        }
        print(
            String(
                format:
                    "Choosing justified rows for 100 covers of 5 shapes on 4k: %.3f ms fastest, %.3f ms mean of 200 (goal < 1 ms)",
                fastest, total / 200))

        // The PNG encoder's choices, in process: render time (fastest of 5) and file size.
        print("\nPNG coder × filter, in process (same 12 covers):")
        let cells = books.prefix(12).map { CollageCover(title: $0.work.title, image: $0.cover) }
        let coders: [CollageRenderer.PNGCompression] =
            [.runLength] + [1, 2, 4, 6, 9].map { CollageRenderer.PNGCompression.libdeflate(level: $0) }
        for coder in coders {
            var line = "  \(coder):"
            for filter in CollageRenderer.PNGFilter.allCases {
                var renderer = CollageRenderer()
                renderer.pngCompression = coder
                renderer.pngFilter = filter
                var best = Double.infinity
                var bytes = 0
                for _ in 0..<5 {
                    let start = DispatchTime.now().uptimeNanoseconds
                    bytes = try renderer.render(
                        title: "bench", covers: Array(cells), options: CollageOptions(), format: .png
                    ).data.count
                    best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
                }
                line += String(format: "  %@ %.1f ms %d KB", "\(filter)", best, bytes / 1024)
            }
            print(line)
        }
    }
}
