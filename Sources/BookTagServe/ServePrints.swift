import BookTag
import Foundation

/// The PDFs serve's print jobs make, in the home's cache (`cache/prints/`), each under a random
/// name its job hands back; gone an hour after it was made, when the next print starts.
struct ServePrints: Sendable {
    /// How long a made print waits to be downloaded.
    static let kept: TimeInterval = 3600

    let folder: URL

    init(home: BookTagHome) {
        folder = home.cacheFolder.appendingPathComponent("prints", isDirectory: true)
    }

    /// A new file's name (random, then the paper: `…-a2.pdf`) and place; the folder is made, and
    /// prints older than an hour removed.
    func newFile(for print: PrintOptions) throws -> (name: String, file: URL) {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let old = Date().addingTimeInterval(-Self.kept)
        let made = try? FileManager.default.contentsOfDirectory(
            at: folder, includingPropertiesForKeys: [.contentModificationDateKey])
        for file in made ?? [] {
            let date = try? file.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate
            if let date, date < old { unlink(file.path) }
        }
        let name = ServeAccess.randomHex(words: 2) + "-\(print.fileSuffix).pdf"
        return (name, folder.appendingPathComponent(name))
    }

    /// The print of that name, when the name is one `newFile()` makes (nothing else is looked
    /// up) and the file is still there.
    func file(named name: String) -> URL? {
        let random = name.prefix(32)
        guard random.count == 32, random.allSatisfy({ $0.isHexDigit && !$0.isUppercase }),
            Self.paper(of: name) != nil
        else { return nil }
        let file = folder.appendingPathComponent(name)
        return access(file.path, R_OK) == 0 ? file : nil
    }

    /// The paper a print's name ends with (`a2`, `60x90cm-landscape`), when it is a paper.
    static func paper(of name: String) -> String? {
        guard name.count > 37, name.hasSuffix(".pdf"), name[name.index(name.startIndex, offsetBy: 32)] == "-" else {
            return nil
        }
        let suffix = String(name.dropFirst(33).dropLast(4))
        let paper = suffix.hasSuffix("-landscape") ? String(suffix.dropLast(10)) : suffix
        return PrintPaper(named: paper) != nil ? suffix : nil
    }
}
