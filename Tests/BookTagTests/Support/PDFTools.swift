import Foundation
import Testing

/// poppler's and qpdf's command-line tools (Debian's poppler-utils and qpdf, which
/// `scripts/system-packages --test` installs): what a print shop's checks see in a PDF.
enum PDFTools {
    /// Runs `/usr/bin/<tool>` with `arguments`: its status and standard output.
    static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let path = "/usr/bin/\(tool)"
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw CocoaError(
                .fileNoSuchFile, userInfo: [NSFilePathErrorKey: "\(path): install poppler-utils and qpdf"])
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// `pdfinfo -box`'s boxes: name → [x0, y0, x1, y1] in points.
    static func boxes(_ file: URL) throws -> [String: [Double]] {
        let info = try run("pdfinfo", ["-box", file.path])
        var boxes: [String: [Double]] = [:]
        for line in info.output.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].hasSuffix("Box") else { continue }
            boxes[String(parts[0])] = parts[1].split(separator: " ").compactMap { Double($0) }
        }
        return boxes
    }

    /// One row of `pdfimages -list`.
    struct Image: Equatable {
        var width: Int
        var height: Int
        var color: String
        var encoding: String
        var object: Int
        var xPPI: Int
    }

    /// `pdfimages -list`'s rows, one per image drawn.
    static func images(_ file: URL) throws -> [Image] {
        let list = try run("pdfimages", ["-list", file.path])
        return list.output.split(separator: "\n").dropFirst(2).compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count >= 14, let width = Int(fields[3]), let height = Int(fields[4]),
                let object = Int(fields[10]), let ppi = Int(fields[12])
            else { return nil }
            return Image(
                width: width, height: height, color: String(fields[5]), encoding: String(fields[8]), object: object,
                xPPI: ppi)
        }
    }

    /// `pdffonts`' rows: each font's name and whether it is embedded.
    static func fonts(_ file: URL) throws -> [(name: String, embedded: Bool)] {
        let list = try run("pdffonts", [file.path])
        return list.output.split(separator: "\n").dropFirst(2).map { line in
            let fields = line.split(separator: " ")
            // name, type (one or two words), encoding, emb, sub, uni, object, generation
            return (String(fields[0]), fields.count >= 5 && fields[fields.count - 5] == "yes")
        }
    }

    /// The page rendered by `pdftoppm` at `dpi`: width, height and RGB bytes.
    static func render(_ file: URL, dpi: Int) throws -> (width: Int, height: Int, rgb: [UInt8]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let prefix = folder.appendingPathComponent("page").path
        let status = try run("pdftoppm", ["-r", String(dpi), "-singlefile", file.path, prefix]).status
        try #require(status == 0)
        let ppm = [UInt8](try Data(contentsOf: URL(fileURLWithPath: prefix + ".ppm")))
        // P6, width, height, 255, one whitespace byte, then the pixels.
        var fields: [Int] = []
        var index = 2
        while fields.count < 3 {
            while ppm[index] == 10 || ppm[index] == 32 { index += 1 }
            var value = 0
            while (48...57).contains(ppm[index]) {
                value = value * 10 + Int(ppm[index] - 48)
                index += 1
            }
            fields.append(value)
        }
        return (fields[0], fields[1], Array(ppm[(index + 1)...]))
    }
}
