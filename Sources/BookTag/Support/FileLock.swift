import Foundation

/// An advisory `flock` on a file, shared between processes (and between threads, since each
/// lock opens its own file description). Released on `deinit` or `unlock()`.
package final class FileLock {
    package enum Mode { case shared, exclusive }

    private var descriptor: Int32

    /// Blocks until the lock is held.
    init(path: String, mode: Mode) throws {
        descriptor = try Self.openLockFile(path)
        while flock(descriptor, mode == .shared ? LOCK_SH : LOCK_EX) != 0 {
            guard errno == EINTR else {
                let code = errno
                close(descriptor)
                throw AtomicFile.posixError(code, "lock", URL(fileURLWithPath: path))
            }
        }
    }

    /// Takes the lock only if no one else holds a conflicting one; `nil` otherwise.
    package static func attempt(path: String, mode: Mode) throws -> FileLock? {
        let descriptor = try openLockFile(path)
        guard flock(descriptor, (mode == .shared ? LOCK_SH : LOCK_EX) | LOCK_NB) == 0 else {
            close(descriptor)
            return nil
        }
        return FileLock(descriptor: descriptor)
    }

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    private static func openLockFile(_ path: String) throws -> Int32 {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw AtomicFile.posixError(errno, "open", URL(fileURLWithPath: path)) }
        return descriptor
    }

    /// The open descriptor, for callers that keep data in the lock file itself.
    package var fileDescriptor: Int32 { descriptor }

    package func unlock() {
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }

    deinit {
        unlock()
    }
}
