import Foundation

/// A collage's encoded image: bytes in hand, or a file not named yet that a PNG was streamed into
/// band by band (never held whole: a hundred photographic covers make some 10 MB).
enum CollageBytes {
    case data(Data)
    case file(UnnamedFile)

    /// Creates `url` (which must not exist) holding them, user-only and flushed to disk.
    func writeNew(to url: URL) throws {
        switch self {
        case .data(let data): try AtomicFile.writeNew(data, to: url, sync: true)
        case .file(let file): try file.link(as: url)
        }
    }

    /// The bytes, read back from the file if they were streamed (for a caller that wants them).
    var data: Data {
        get throws {
            switch self {
            case .data(let data): data
            case .file(let file): try file.contents()
            }
        }
    }
}
