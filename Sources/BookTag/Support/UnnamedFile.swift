import CBookTagSystem
import Foundation

/// A file written in a folder before it has a name (`O_TMPFILE`), for output too large to hold
/// whole (a collage's PNG streams into one band by band): if the process dies while writing it,
/// nothing is left behind. `link(as:)` names it once it is whole.
final class UnnamedFile {
    let folder: URL
    private let descriptor: Int32
    /// Bytes written so far.
    private var length = 0

    /// A new empty file in `folder`; `nil` where its file system makes no unnamed files (the
    /// caller then holds the bytes and writes them as before).
    init?(in folder: URL) {
        let descriptor = booktag_open_unnamed(folder.path)
        guard descriptor >= 0 else { return nil }
        self.folder = folder
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Appends `bytes`, and starts writing them to disk while the rest is made: `link` then waits
    /// for the last of them only (a 4k PNG's 8 MB: 6–8 ms after the image, else).
    func write(_ bytes: UnsafeRawBufferPointer) throws {
        try AtomicFile.writeAll(bytes, to: descriptor, naming: folder)
        // Only a hint: a file system without it still flushes everything in `link`.
        _ = booktag_start_writeback(descriptor, Int64(length), Int64(bytes.count))
        length += bytes.count
    }

    /// Flushes the file to disk and gives it the name `url` (in its folder; `url` must not
    /// exist). Where /proc is not mounted the bytes are copied to `url` instead.
    func link(as url: URL) throws {
        guard fsync(descriptor) == 0 else { throw AtomicFile.posixError(errno, "fsync", url) }
        if booktag_link_unnamed(descriptor, url.path) == 0 { return }
        let code = errno
        guard code == ENOENT else { throw AtomicFile.posixError(code, "link", url) }
        try AtomicFile.writeNew(try contents(), to: url, sync: true)
    }

    /// Everything written, read back.
    func contents() throws -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var offset: off_t = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
            if count < 0 {
                if errno == EINTR { continue }
                throw AtomicFile.posixError(errno, "read", folder)
            }
            if count == 0 { return data }
            data.append(contentsOf: buffer[0..<count])
            offset += off_t(count)
        }
    }
}
