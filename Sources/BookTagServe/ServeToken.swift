import BookTag
import Foundation

/// The access token of a home's `serve`, kept in the home (user-only) so that a phone's saved
/// app and its cookie keep working when the server restarts. A token file that others could
/// read, or that holds no token, is replaced with a warning (whoever read it must not keep
/// access); one this user cannot read is refused: it is not booktag's to overwrite unasked.
public struct ServeToken: Sendable, Equatable {
    /// 256 random bits as 64 hex digits.
    public let value: String

    /// Why the kept token was not used.
    public enum Problem: Error, Equatable, Sendable {
        /// The file exists but this user cannot read it (its path, the system's reason).
        case unreadable(path: String, reason: String)
        /// A new token could not be written (its path, the system's reason).
        case unwritable(path: String, reason: String)
    }

    /// The token kept in `home`, made and kept on the first start, or a new one when `renew`;
    /// `warning` says why a kept one was replaced.
    public static func load(home: BookTagHome, renew: Bool) throws(Problem) -> (token: ServeToken, warning: String?) {
        let file = home.serveTokenFile
        if renew { return (try make(file), nil) }
        let descriptor = open(file.path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        if descriptor < 0 {
            let code = errno
            switch code {
            case ENOENT: return (try make(file), nil)
            case ELOOP:
                return (
                    try make(file), "\(file.path) was a symbolic link, not booktag's token: a new token replaces it"
                )
            default: throw .unreadable(path: file.path, reason: String(cString: strerror(code)))
            }
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            return (try make(file), "\(file.path) is not a file: a new token replaces it")
        }
        if status.st_mode & 0o077 != 0 {
            return (try make(file), "\(file.path) could be read by other users: a new token replaces it")
        }
        var bytes = [UInt8](repeating: 0, count: 128)
        let count = read(descriptor, &bytes, bytes.count)
        guard count >= 0 else { throw .unreadable(path: file.path, reason: String(cString: strerror(errno))) }
        let text = String(decoding: bytes[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let token = ServeToken(text) else {
            return (try make(file), "\(file.path) held no valid token: a new token replaces it")
        }
        return (token, nil)
    }

    /// `text` when it is a token of the form booktag makes.
    init?(_ text: String) {
        guard text.utf8.count == 64, text.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else {
            return nil
        }
        value = text
    }

    /// A new token from the system's generator, written atomically (user-only) in place of any other.
    private static func make(_ file: URL) throws(Problem) -> ServeToken {
        let token = ServeToken(ServeAccess.randomHex(words: 4))!
        do {
            try BookTagHome.createFolder(file.deletingLastPathComponent())
            try AtomicFile.write(Data((token.value + "\n").utf8), to: file)
        } catch {
            throw .unwritable(path: file.path, reason: error.localizedDescription)
        }
        return token
    }
}
