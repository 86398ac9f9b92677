import ArgumentParser
import BookTag
import BookTagTestSupport
import Foundation

/// `booktag-bench print`: `booktag collage --print` (the PDF, and the same page as a 300 ppi JPEG)
/// as whole processes next to libvips making that page as a 300 ppi JPEG (vips_thumbnail, then
/// arrayjoin, then jpegsave: Benchmarks/vips/vips-collage.c), alternating: 40 covers on A2 and
/// 100 on 60×90 cm. The covers are the five genuine Calibre covers (fixtures/libraries), each
/// re-encoded by ImageMagick at its own scale and quality so that every book has a distinct
/// photographic file of 500–1,750 pixels.
struct PrintBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "print",
        abstract: "Time `booktag collage --print` against libvips (build booktag in release first)."
    )

    @Option(help: "The booktag binary (default: .build/release/booktag in the package).")
    var booktag: String?

    @Option(help: "Runs of each tool, alternating; the median is reported.")
    var runs = 5

    func run() throws {
        let binary = booktag ?? Corpus.packageRoot.appendingPathComponent(".build/release/booktag").path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw ValidationError("no booktag binary at \(binary): run `swift build -c release` in the package first")
        }
        guard
            let convert = ["/usr/bin/convert", "/usr/local/bin/convert"].first(
                where: FileManager.default.isExecutableFile(atPath:))
        else { throw ValidationError("ImageMagick makes the covers: apt-get install imagemagick") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "booktag-bench-print-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        guard let vips = try BenchProcess.buildVipsCollage(in: folder) else {
            throw ValidationError("libvips is the comparison: apt-get install libvips-dev")
        }
        let genuine = try GenuineCovers.calibre(packageRoot: Corpus.packageRoot)
        var covers: [URL] = []
        for (index, data) in genuine.enumerated() {
            let file = folder.appendingPathComponent("genuine-\(index).jpg")
            try data.write(to: file)
            covers.append(file)
        }
        var books: [GatheredBook] = []
        var files: [URL] = []
        for index in 0..<100 {
            let file = folder.appendingPathComponent("cover-\(index).jpg")
            _ = try BenchProcess.spawn([
                convert, covers[index % covers.count].path, "-resize", "\(100 - index % 7 * 5)%", "-quality",
                "\(84 + index % 9)", file.path,
            ])
            files.append(file)
            books.append(
                GatheredBook(
                    work: SearchWork(
                        workID: index, id: .goodreads(1000 + index), title: "Book \(index)",
                        authorName: "Author \(index)", averageRating: 4.0, originalPublicationYear: 2000 + index % 25),
                    cover: try Data(contentsOf: file)))
        }
        let home = BookTagHome(folder: folder.appendingPathComponent("home"))
        let store = try BookStore.open(home: home)
        for count in [40, 100] {
            try store.createTag(
                TagName("print \(count)"), source: .goodreads, books: Array(books.prefix(count)),
                search: SearchPosition(totalResults: count, pageSize: 20, startPage: 1))
        }
        print("booktag \(binary); median of \(runs) alternating runs; peak memory from GNU time; JPEG at quality 88")
        // libvips' grid is sized to booktag's page at 300 ppi, bleed included.
        let cases: [(name: String, tag: String, paper: String, columns: Int, rows: Int, page: (Int, Int))] = [
            ("A2, 40 covers", "print 40", "a2", 5, 8, (5031, 7087)),
            ("60×90 cm, 100 covers", "print 100", "60x90cm", 8, 13, (7157, 10701)),
        ]
        for entry in cases {
            var pdf: [BenchProcess.Sample] = []
            var jpeg: [BenchProcess.Sample] = []
            var theirs: [BenchProcess.Sample] = []
            let gap = 24
            let cell = [
                String(entry.columns), String(entry.page.0 / entry.columns - gap),
                String(entry.page.1 / entry.rows - gap), String(gap),
            ]
            let prefix = [binary, "collage", entry.tag, "--home", home.dataFolder.path, "--print", entry.paper]
            for _ in 0..<runs {
                pdf.append(try BenchProcess.spawn(prefix + ["--output", folder.appendingPathComponent("p.pdf").path]))
                jpeg.append(
                    try BenchProcess.spawn(
                        prefix + ["--format", "jpeg", "--output", folder.appendingPathComponent("p.jpg").path]))
                theirs.append(
                    try BenchProcess.spawn(
                        [vips, folder.appendingPathComponent("v.jpg").path + "[Q=88]"] + cell
                            + files.prefix(entry.tag == "print 40" ? 40 : 100).map(\.path)))
            }
            func median(_ samples: [BenchProcess.Sample]) -> Double {
                samples.map(\.seconds).sorted()[samples.count / 2]
            }
            func peak(_ samples: [BenchProcess.Sample]) -> Double {
                Double(samples.map(\.maxRSSKilobytes).max() ?? 0) / 1024
            }
            func size(_ name: String) -> String {
                let data = (try? Data(contentsOf: folder.appendingPathComponent(name))) ?? Data()
                let info = ImageInfo(data).map { " \($0.width)×\($0.height)" } ?? ""
                return String(format: "%.1f MB%@", Double(data.count) / 1e6, info)
            }
            let vipsTime = median(theirs)
            print(
                String(
                    format:
                        "%@: booktag PDF %.0f ms (peak %.1f MB, %@; %.1f× libvips); booktag 300 ppi JPEG %.0f ms"
                        + " (peak %.1f MB, %@; %.1f× libvips); libvips JPEG %.0f ms (peak %.1f MB, %@)",
                    entry.name, median(pdf) * 1000, peak(pdf), size("p.pdf"), vipsTime / median(pdf),
                    median(jpeg) * 1000, peak(jpeg), size("p.jpg"), vipsTime / median(jpeg), vipsTime * 1000,
                    peak(theirs), size("v.jpg")))
        }
    }
}
