import Foundation

/// A reader's folder of book files, looked through for the files KOReader's statistics name by
/// their partial MD5 (`book.md5`): every regular file under it (hidden ones and links left out,
/// at most `maximumFiles`), each read for its 11 samples only, so a folder of thousands of books
/// is matched in moments.
struct KOReaderBookFiles {
    /// A folder past this many files is looked through this far.
    static let maximumFiles = 50_000

    /// The files found, by digest.
    private(set) var files: [String: URL] = [:]

    /// The files under `folder` whose digest is one of `wanted`.
    init(folder: URL, wanted: Set<String>) {
        guard !wanted.isEmpty,
            let walk = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: [.isRegularFileKey, .isSymbolicLinkKey],
                options: [.skipsHiddenFiles])
        else { return }
        var seen = 0
        for case let file as URL in walk {
            guard seen < Self.maximumFiles, files.count < wanted.count else { break }
            let values = try? file.resourceValues(forKeys: [.isRegularFileKey, .isSymbolicLinkKey])
            guard values?.isRegularFile == true, values?.isSymbolicLink != true else { continue }
            seen += 1
            if let digest = try? KOReaderPartialMD5.digest(of: file), wanted.contains(digest) {
                files[digest] = files[digest] ?? file
            }
        }
    }

    /// The cover inside the file whose digest is `md5`, when it is an EPUB with one.
    func cover(md5: String) -> Data? {
        files[md5].flatMap(EPUBCover.cover(of:))
    }
}
