import Foundation

/// The cover files under `covers/`: content-addressed, written atomically, removed only by
/// the sweep. Paths are made here from a hash, never from anything the network sent.
struct CoverFileStore: Sendable {
    let home: BookTagHome

    /// Temporary files are written here, then renamed into place; whatever a crash leaves in
    /// it is removed by the next sweep.
    var incomingFolder: URL { home.coversFolder.appendingPathComponent(".incoming", isDirectory: true) }

    /// Checks that `data` is an image booktag can show and works out where it will live.
    static func describe(_ data: Data, title: String, drawn: Bool = false) throws(StoreError) -> CoverFile {
        guard let info = ImageInfo(data) else { throw .notAnImage(title: title) }
        let digest = SHA256Digest.hex(of: data)
        return CoverFile(
            path: "covers/\(digest.prefix(2))/\(digest).\(info.format.fileExtension)",
            sha256: digest, format: info.format, width: info.width, height: info.height,
            byteCount: data.count, drawn: drawn)
    }

    func url(of path: String) -> URL {
        home.dataFolder.appendingPathComponent(path)
    }

    /// The file system path of a stored path, built without `URL` (cheaper in loops).
    func filePath(of path: String) -> String {
        home.dataFolder.path + "/" + path
    }

    /// Writes the files that are not already there (same name, hence same content) as one
    /// atomic batch: each into `.incoming`, one flush, renames into place, one more flush.
    /// A file is durable before its name appears, and every name before this returns.
    func writeAll(_ files: [(CoverFile, Data)]) throws {
        var pending: [(file: CoverFile, temporary: String)] = []
        defer { for entry in pending { unlink(entry.temporary) } }  // no-op once renamed
        var seen = Set<String>()
        let incoming = incomingFolder.path
        for (file, data) in files where seen.insert(file.path).inserted && !exists(file) {
            if pending.isEmpty { try makeFolder(incoming) }
            let temporary = incoming + "/.tmp-\(UUID().uuidString)"
            try AtomicFile.writeNew(data, to: URL(fileURLWithPath: temporary))
            pending.append((file, temporary))
        }
        guard !pending.isEmpty else { return }
        try AtomicFile.syncFileSystem(containing: incomingFolder)
        for entry in pending {
            let destination = filePath(of: entry.file.path)
            try makeFolder(String(destination[..<destination.lastIndex(of: "/")!]))
            guard rename(entry.temporary, destination) == 0 else {
                throw AtomicFile.posixError(errno, "rename", URL(fileURLWithPath: destination))
            }
        }
        try AtomicFile.syncFileSystem(containing: home.coversFolder)
    }

    private func exists(_ file: CoverFile) -> Bool {
        var status = stat()
        return stat(filePath(of: file.path), &status) == 0 && Int(status.st_size) == file.byteCount
    }

    /// A user-only folder inside `covers/`; one that exists already is fine.
    private func makeFolder(_ path: String) throws {
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else {
            throw AtomicFile.posixError(errno, "create folder", URL(fileURLWithPath: path))
        }
    }

    /// Deletes a cover file; a missing one is fine. Refuses any path this type did not make.
    func remove(_ path: String) {
        guard Self.isCoverPath(path) else { return }
        unlink(filePath(of: path))
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
