import ArgumentParser
import BookTag
import Foundation

/// `booktag-bench collage`: `booktag collage` as a whole process next to ImageMagick's
/// `montage` making the same grid from the same twelve 300×450 JPEG covers, alternating.
struct CollageBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "collage",
        abstract: "Time `booktag collage` against ImageMagick's montage (build booktag in release first)."
    )

    @Option(help: "The booktag binary (default: .build/release/booktag in the package).")
    var booktag: String?

    @Option(help: "Runs of each tool per format, alternating; the median is reported.")
    var runs = 9

    struct Sample {
        var seconds: Double
        var maxRSSKilobytes: Int
    }

    func run() throws {
        let binary = booktag ?? Corpus.packageRoot.appendingPathComponent(".build/release/booktag").path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw ValidationError("no booktag binary at \(binary): run `swift build -c release` in the package first")
        }
        guard let montage = ["/usr/bin/montage", "/usr/local/bin/montage"].first(where: FileManager.default.isExecutableFile(atPath:)),
            let convert = ["/usr/bin/convert", "/usr/local/bin/convert"].first(where: FileManager.default.isExecutableFile(atPath:))
        else {
            throw ValidationError("ImageMagick is needed for the comparison: apt-get install imagemagick")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("booktag-bench-collage-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let home = BookTagHome(folder: folder.appendingPathComponent("home"))

        // Twelve photo-like 300×450 JPEG covers (plasma fractals), stored as a tag's set.
        var covers: [URL] = []
        for index in 0..<12 {
            let file = folder.appendingPathComponent("cover-\(index).jpg")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            _ = try spawn([convert, "-size", "300x450", "-seed", "\(index + 1)", "plasma:", "-quality", "88", file.path])
            covers.append(file)
        }
        let books = try covers.enumerated().map { index, file in
            GatheredBook(work: SearchWork(workID: index, id: .goodreads(1000 + index), title: "Cover \(index)"), cover: try Data(contentsOf: file))
        }
        try BookStore.open(home: home).createTag(TagName("bench"), source: .goodreads, books: books, search: SearchPosition(totalResults: 12, pageSize: 20, startPage: 1))

        print("twelve 300×450 JPEG covers, 4 columns; booktag \(binary); median of \(runs) alternating runs; peak memory \(FileManager.default.isExecutableFile(atPath: "/usr/bin/time") ? "from GNU time" : "from wait4 (overstated: install the time package)")")
        for format in ["png", "jpeg"] {
            let ext = format == "png" ? "png" : "jpg"
            var ours: [Sample] = [], theirs: [Sample] = []
            let ourOutput = folder.appendingPathComponent("booktag.\(ext)").path
            let theirOutput = folder.appendingPathComponent("montage.\(ext)").path
            for _ in 0..<runs {
                ours.append(try spawn([binary, "collage", "bench", "--home", home.dataFolder.path, "--format", format, "--output", ourOutput]))
                theirs.append(try spawn([montage] + covers.map(\.path) + [
                    "-tile", "4x", "-geometry", "200x300+8+8", "-background", "#F4F0E8", "-title", "bench", "-font", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "-depth", "8",
                    "-quality", "88", theirOutput,
                ]))
            }
            func median(_ samples: [Sample]) -> Sample { samples.sorted { $0.seconds < $1.seconds }[samples.count / 2] }
            let us = median(ours), them = median(theirs)
            let peak = ours.map(\.maxRSSKilobytes).max() ?? 0
            let sizes = [ourOutput, theirOutput].map { (try? FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int) ?? 0 }
            print(String(format: "%@: booktag %.1f ms (peak %.1f MB, %d KB file), montage %.1f ms (peak %.1f MB, %d KB file): booktag %.2f× faster",
                         format.uppercased(), us.seconds * 1000, Double(peak) / 1024, sizes[0] / 1024,
                         them.seconds * 1000, Double(them.maxRSSKilobytes) / 1024, sizes[1] / 1024, them.seconds / us.seconds))
        }

        // The PNG encoder's choices, in process: render time (fastest of 5) and file size.
        print("\nPNG level × filter, in process (same 12 covers):")
        let cells = books.map { CollageCover(title: $0.work.title, image: $0.cover) }
        for level: Int32 in [1, 3, 6] {
            var line = "  level \(level):"
            for filter in CollageRenderer.PNGFilter.allCases {
                var renderer = CollageRenderer()
                renderer.pngCompressionLevel = level
                renderer.pngFilter = filter
                var best = Double.infinity
                var bytes = 0
                for _ in 0..<5 {
                    let start = DispatchTime.now().uptimeNanoseconds
                    bytes = try renderer.render(title: "bench", covers: cells, columns: 4, theme: .day, format: .png).count
                    best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
                }
                line += String(format: "  %@ %.1f ms %d KB", "\(filter)", best, bytes / 1024)
            }
            print(line)
        }
    }

    /// Runs a process to completion; its wall time and its own peak memory. The peak comes from
    /// GNU time when installed: posix_spawn uses vfork, and Linux then carries this (large)
    /// process's high-water mark into the child's ru_maxrss, so wait4 alone overstates it.
    private func spawn(_ arguments: [String]) throws -> Sample {
        let timeTool = "/usr/bin/time"
        guard FileManager.default.isExecutableFile(atPath: timeTool) else { return try spawnDirectly(arguments) }
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("booktag-bench-time-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: report) }
        var sample = try spawnDirectly([timeTool, "-f", "%M", "-o", report.path] + arguments)
        if let text = try? String(contentsOf: report, encoding: .utf8), let kilobytes = Int(text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\n").last ?? "") {
            sample.maxRSSKilobytes = kilobytes
        }
        return sample
    }

    private func spawnDirectly(_ arguments: [String]) throws -> Sample {
        var pid: pid_t = 0
        var fileActions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fileActions)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        posix_spawn_file_actions_addopen(&fileActions, 1, "/dev/null", O_WRONLY, 0)
        var argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let start = DispatchTime.now().uptimeNanoseconds
        let result = posix_spawn(&pid, arguments[0], &fileActions, nil, &argv, environ)
        guard result == 0 else { throw ValidationError("cannot run \(arguments[0]): \(String(cString: strerror(result)))") }
        var status: Int32 = 0
        var usage = rusage()
        wait4(pid, &status, 0, &usage)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        guard status == 0 else { throw ValidationError("\(arguments[0]) failed (status \(status))") }
        return Sample(seconds: seconds, maxRSSKilobytes: usage.ru_maxrss)
    }
}
