import Crypto
import Foundation
import ZIPFoundation

/// A backup file opened for reading: its manifest, and each entry checked against it.
struct BackupReader {
    let file: URL
    private let archive: Archive
    /// The manifest, read and checked for its format when the reader opens.
    let manifest: BackupManifest

    /// Larger manifests than this are not a booktag backup's (about 150 bytes a file: 200,000
    /// covers fit in 32 MiB).
    private static let manifestLimit: Int64 = 32 << 20

    init(file: URL) throws {
        self.file = file
        let path = file.path
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw BackupError.notABackup(path: path, reason: String(cString: strerror(errno)))
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw BackupError.notABackup(path: path, reason: "it is not a file")
        }
        do {
            archive = try Archive(url: file, accessMode: .read)
        } catch {
            throw BackupError.notABackup(path: path, reason: "it is not a ZIP archive, or it was cut short")
        }
        guard let entry = archive[BackupManifest.entryName], entry.type == .file,
            entry.uncompressedSize <= Self.manifestLimit
        else { throw BackupError.notABackup(path: path, reason: "it has no \(BackupManifest.entryName)") }
        var data = Data()
        do {
            _ = try archive.extract(entry) { data.append($0) }
        } catch {
            throw BackupError.notABackup(
                path: path, reason: "its manifest cannot be read (\(HomeBackup.reason(error)))")
        }
        let manifest: BackupManifest
        do {
            manifest = try JSONDecoder().decode(BackupManifest.self, from: data)
        } catch {
            throw BackupError.notABackup(path: path, reason: "its manifest is not booktag's")
        }
        guard manifest.format == BackupManifest.formatName else {
            throw BackupError.notABackup(path: path, reason: "its manifest is not booktag's")
        }
        guard manifest.version <= BackupManifest.currentVersion else {
            throw BackupError.newerFormat(path: path, version: manifest.version)
        }
        self.manifest = manifest
    }

    /// Checks that the archive holds exactly the manifest's files, at allowed paths, and hands
    /// each one's bytes to `write` as they are read; throws, naming the entry, at the first size,
    /// CRC or SHA-256 that does not match. `write` gets the manifest's path and a chunk.
    func verify(writing write: (_ path: String, _ chunk: Data) throws -> Void) throws {
        let path = file.path
        var listed: [String: BackupManifest.File] = [:]
        for entry in manifest.files {
            guard BackupManifest.isAllowed(entry.path), listed.updateValue(entry, forKey: entry.path) == nil else {
                throw BackupError.notABackup(path: path, reason: "its manifest names \"\(entry.path)\"")
            }
        }
        guard listed["data/booktag.sqlite"] != nil else {
            throw BackupError.notABackup(path: path, reason: "it holds no store")
        }
        var seen = Set<String>()
        for entry in archive where entry.path != BackupManifest.entryName {
            guard entry.type == .file, let expected = listed[entry.path], seen.insert(entry.path).inserted else {
                throw BackupError.notABackup(
                    path: path, reason: "it holds \"\(entry.path)\", which its manifest does not name")
            }
            guard Int64(entry.uncompressedSize) == expected.size else {
                throw BackupError.notABackup(path: path, reason: "\(entry.path) is not the size its manifest says")
            }
            var hasher = SHA256()
            var size: Int64 = 0
            do {
                _ = try archive.extract(entry) { chunk in
                    size += Int64(chunk.count)
                    // A stream that inflates past its declared size is stopped there, not written out.
                    guard size <= expected.size else {
                        throw BackupError.notABackup(
                            path: path, reason: "\(entry.path) is larger than its manifest says")
                    }
                    hasher.update(data: chunk)
                    try write(entry.path, chunk)
                }
            } catch let error as BackupError {
                throw error
            } catch let error as CancellationError {
                throw error
            } catch {
                throw BackupError.notABackup(
                    path: path, reason: "\(entry.path) is damaged (\(HomeBackup.reason(error)))")
            }
            if size == 0 { try write(entry.path, Data()) }
            guard size == expected.size, SHA256Digest.hex(hasher.finalize()) == expected.sha256 else {
                throw BackupError.notABackup(path: path, reason: "\(entry.path) does not match its checksum")
            }
        }
        if let missing = listed.keys.sorted().first(where: { !seen.contains($0) }) {
            throw BackupError.notABackup(path: path, reason: "\(missing), which its manifest names, is missing")
        }
    }
}
