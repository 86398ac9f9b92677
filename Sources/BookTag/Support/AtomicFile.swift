import CBookTagSystem
import Foundation

/// Writes files so that a crash leaves either the old content or the new, never a mix:
/// a private temporary file beside the target, fsync, rename, then fsync of the folder.
package enum AtomicFile {
    /// Writes `data` to `url` atomically, readable and writable by the user only.
    package static func write(_ data: Data, to url: URL) throws {
        try write(to: url) { try writeNew(data, to: $0, sync: true) }
    }

    /// The same for content `create` puts in the new file it is given, flushed to disk.
    static func write(to url: URL, create: (URL) throws -> Void) throws {
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".tmp-\(UUID().uuidString)")
        try create(temporary)
        guard rename(temporary.path, url.path) == 0 else {
            let code = errno
            unlink(temporary.path)
            throw posixError(code, "rename", url)
        }
        syncFolder(folder)
    }

    /// Creates `url` (which must not exist) holding `data`, user-only. Without `sync` it is left
    /// to the caller to flush: batches flush once with `syncFileSystem` before renaming.
    static func writeNew(_ data: Data, to url: URL, sync: Bool = false) throws {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw posixError(errno, "create", url) }
        defer { close(descriptor) }
        do {
            try data.withUnsafeBytes { try writeAll($0, to: descriptor, naming: url) }
            if sync, fsync(descriptor) != 0 { throw posixError(errno, "fsync", url) }
        } catch {
            unlink(url.path)
            throw error
        }
    }

    /// Writes every byte of `buffer` to `descriptor`, through short writes and interruptions;
    /// `url` names the file in the error.
    static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32, naming url: URL) throws {
        var written = 0
        while written < buffer.count {
            let result = Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            if result < 0 {
                if errno == EINTR { continue }
                throw posixError(errno, "write", url)
            }
            written += result
        }
    }

    /// Flushes the whole file system holding `folder` (syncfs): one device flush for a batch
    /// of files, where fsync per file and per folder would cost one each.
    static func syncFileSystem(containing folder: URL) throws {
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw posixError(errno, "open", folder) }
        defer { close(descriptor) }
        guard booktag_syncfs(descriptor) == 0 else { throw posixError(errno, "sync", folder) }
    }

    /// Makes a rename or unlink in `folder` durable.
    static func syncFolder(_ folder: URL) {
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    static func posixError(_ code: Int32, _ action: String, _ url: URL) -> Error {
        CocoaError(
            .fileWriteUnknown,
            userInfo: [
                NSFilePathErrorKey: url.path,
                NSLocalizedDescriptionKey: "cannot \(action) \(url.path): \(String(cString: strerror(code)))",
            ])
    }
}
