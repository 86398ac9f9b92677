import Foundation

/// Writes files so that a crash leaves either the old content or the new, never a mix:
/// a private temporary file beside the target, fsync, rename, then fsync of the folder.
enum AtomicFile {
    /// Writes `data` to `url` atomically, readable and writable by the user only. The temporary
    /// file goes in `temporaryFolder` (same file system) when given, else beside `url`.
    static func write(_ data: Data, to url: URL, temporaryFolder: URL? = nil) throws {
        let folder = url.deletingLastPathComponent()
        let temporary = (temporaryFolder ?? folder).appendingPathComponent(".tmp-\(UUID().uuidString)")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw posixError(errno, "create", temporary) }
        var written = 0
        do {
            defer { close(descriptor) }
            try data.withUnsafeBytes { buffer in
                while written < buffer.count {
                    let result = Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                    if result < 0 {
                        if errno == EINTR { continue }
                        throw posixError(errno, "write", temporary)
                    }
                    written += result
                }
            }
            guard fsync(descriptor) == 0 else { throw posixError(errno, "fsync", temporary) }
        } catch {
            unlink(temporary.path)
            throw error
        }
        guard rename(temporary.path, url.path) == 0 else {
            let code = errno
            unlink(temporary.path)
            throw posixError(code, "rename", url)
        }
        syncFolder(folder)
    }

    /// Makes a rename or unlink in `folder` durable.
    static func syncFolder(_ folder: URL) {
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    static func posixError(_ code: Int32, _ action: String, _ url: URL) -> Error {
        CocoaError(.fileWriteUnknown, userInfo: [
            NSFilePathErrorKey: url.path,
            NSLocalizedDescriptionKey: "cannot \(action) \(url.path): \(String(cString: strerror(code)))",
        ])
    }
}
