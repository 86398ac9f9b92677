import Crypto
import Foundation

/// The cover files under `covers/`: content-addressed, written atomically, removed only by
/// the sweep. Paths are made here from a hash, never from anything the network sent.
struct CoverFileStore: Sendable {
    let home: BookTagHome

    /// Temporary files are written here, then renamed into place; whatever a crash leaves in
    /// it is removed by the next sweep.
    var incomingFolder: URL { home.coversFolder.appendingPathComponent(".incoming", isDirectory: true) }

    /// Checks that `data` is an image booktag can show and works out where it will live.
    static func describe(_ data: Data, title: String) throws(StoreError) -> CoverFile {
        guard let info = ImageInfo(data) else { throw .notAnImage(title: title) }
        let digest = SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
        return CoverFile(
            path: "covers/\(digest.prefix(2))/\(digest).\(info.format.fileExtension)",
            sha256: digest, format: info.format, width: info.width, height: info.height,
            byteCount: data.count)
    }

    func url(of path: String) -> URL {
        home.dataFolder.appendingPathComponent(path)
    }

    /// Writes the file unless an identical one (same name, hence same content) is there.
    func write(_ file: CoverFile, data: Data) throws {
        let destination = url(of: file.path)
        if let size = (try? FileManager.default.attributesOfItem(atPath: destination.path))?[.size] as? Int,
            size == file.byteCount
        {
            return
        }
        try BookTagHome.createFolder(destination.deletingLastPathComponent())
        try BookTagHome.createFolder(incomingFolder)
        try AtomicFile.write(data, to: destination, temporaryFolder: incomingFolder)
    }

    /// Deletes a cover file; a missing one is fine. Refuses any path this type did not make.
    func remove(_ path: String) {
        guard Self.isCoverPath(path) else { return }
        unlink(url(of: path).path)
    }

    /// Empties the incoming folder. Call only while holding the covers lock exclusively.
    func clearIncoming() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: incomingFolder.path) else { return }
        for name in names where name.hasPrefix(".tmp-") {
            unlink(incomingFolder.appendingPathComponent(name).path)
        }
    }

    /// `covers/<2 hex>/<64 hex>.<jpg|png|gif|webp>` and nothing else.
    static func isCoverPath(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "covers", parts[1].count == 2 else { return false }
        let name = parts[2].split(separator: ".", omittingEmptySubsequences: false)
        guard name.count == 2, name[0].count == 64, name[0].hasPrefix(parts[1]),
            name[0].allSatisfy({ $0.isHexDigit && !$0.isUppercase }),
            ImageInfo.Format.allCases.contains(where: { $0.fileExtension == name[1] })
        else { return false }
        return true
    }
}
