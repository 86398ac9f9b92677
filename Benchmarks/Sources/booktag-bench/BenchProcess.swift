import ArgumentParser
import Foundation

/// Running the tools a benchmark compares: each as a whole process, with its wall time and peak memory.
enum BenchProcess {
    struct Sample {
        var seconds: Double
        var maxRSSKilobytes: Int
    }

    /// Builds Benchmarks/vips/vips-collage.c against the installed libvips; `nil` without it.
    static func buildVipsCollage(in folder: URL) throws -> String? {
        let source = Corpus.packageRoot.appendingPathComponent("Benchmarks/vips/vips-collage.c").path
        let pkgConfig = Process()
        pkgConfig.executableURL = URL(fileURLWithPath: "/bin/sh")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let binary = folder.appendingPathComponent("vips-collage").path
        pkgConfig.arguments = [
            "-c", "pkg-config --exists vips && cc -O2 -o '\(binary)' '\(source)' $(pkg-config --cflags --libs vips)",
        ]
        try pkgConfig.run()
        pkgConfig.waitUntilExit()
        return pkgConfig.terminationStatus == 0 ? binary : nil
    }

    /// Runs a process to completion; its wall time and its own peak memory. The peak comes from
    /// GNU time when installed: posix_spawn uses vfork, and Linux then carries this (large)
    /// process's high-water mark into the child's ru_maxrss, so wait4 alone overstates it.
    static func spawn(_ arguments: [String]) throws -> Sample {
        let timeTool = "/usr/bin/time"
        guard FileManager.default.isExecutableFile(atPath: timeTool) else { return try spawnDirectly(arguments) }
        let report = FileManager.default.temporaryDirectory.appendingPathComponent(
            "booktag-bench-time-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: report) }
        var sample = try spawnDirectly([timeTool, "-f", "%M", "-o", report.path] + arguments)
        if let text = try? String(contentsOf: report, encoding: .utf8),
            let kilobytes = Int(text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\n").last ?? "")
        {
            sample.maxRSSKilobytes = kilobytes
        }
        return sample
    }

    static func spawnDirectly(_ arguments: [String]) throws -> Sample {
        var pid: pid_t = 0
        var fileActions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fileActions)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        posix_spawn_file_actions_addopen(&fileActions, 1, "/dev/null", O_WRONLY, 0)
        var argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        let start = DispatchTime.now().uptimeNanoseconds
        let result = posix_spawn(&pid, arguments[0], &fileActions, nil, &argv, environ)
        guard result == 0 else {
            throw ValidationError("cannot run \(arguments[0]): \(String(cString: strerror(result)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        wait4(pid, &status, 0, &usage)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        guard status == 0 else { throw ValidationError("\(arguments[0]) failed (status \(status))") }
        return Sample(seconds: seconds, maxRSSKilobytes: usage.ru_maxrss)
    }
}
