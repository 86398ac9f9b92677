import BookTag
import Foundation

/// The claim of the one `serve` of a home, held for as long as the server runs, with its
/// address (no token) inside: a second server would share the token file, and a new token made
/// by one would silently stop the other. The kernel releases the claim however the process ends.
// Unchecked: its one state is the lock's descriptor, written only with ftruncate and pwrite.
public final class ServeLock: @unchecked Sendable {
    private let lock: FileLock
    private let file: URL

    /// Another server holds the home; `address` is where it answers, when it has said.
    public struct Taken: Error, Equatable, Sendable {
        /// The running server's address without its token, or `nil` while it is still starting.
        public let address: String?

        /// Where it is, for a line that names it: "at ADDRESS", or "(it is starting)".
        public var place: String { address.map { "at \($0)" } ?? "(it is starting)" }

        /// The address the lock file at `path` holds, if any.
        static func reading(_ path: String) -> Taken {
            let text =
                (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
                ?? ""
            return Taken(address: text.isEmpty ? nil : text)
        }
    }

    /// Claims `home` for this process's server.
    public init(home: BookTagHome) throws {
        file = home.serveLockFile
        try BookTagHome.createFolder(file.deletingLastPathComponent())
        guard let lock = try FileLock.attempt(path: file.path, mode: .exclusive) else { throw Taken.reading(file.path) }
        self.lock = lock
        record("")
    }

    /// The running server of `home`, if one holds it; creates nothing (a `restore` into a home
    /// that does not exist yet leaves no lock file behind when it is refused).
    public static func running(in home: BookTagHome) -> Taken? {
        let path = home.serveLockFile.path
        // A claim taken here is let go at once, as the value goes away.
        guard access(path, F_OK) == 0, (try? FileLock.attempt(path: path, mode: .shared)) == nil else { return nil }
        return Taken.reading(path)
    }

    /// Keeps the address the server answers at, for a second start to name.
    func record(_ address: String) {
        let descriptor = lock.fileDescriptor
        let bytes = Array((address.isEmpty ? "" : address + "\n").utf8)
        _ = ftruncate(descriptor, 0)
        _ = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }

    deinit {
        record("")
    }
}
