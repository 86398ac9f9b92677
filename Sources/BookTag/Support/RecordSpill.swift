import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Records written to a file as they come and read back by number: a large import holds 4 bytes
/// a record in memory instead of the record (an export row is some 500 bytes with its text, a
/// settled cover as many). The file is unlinked as soon as it is opened, so it never has a name
/// in the home and nothing is left of it however the process ends; the kernel's page cache, not
/// the process, keeps what is read often.
final class RecordSpill<Record: Codable & Sendable>: Sendable {
    private let descriptor: Int32
    private let folder: URL
    /// Where each record ends in the file; record `n` starts where `n - 1` ends. A spill stops
    /// at 4 GiB (an export is refused long before: `ExportLimits`).
    private let ends = Locked<[UInt32]>([])

    /// An empty spill in `folder`, which must exist.
    init(in folder: URL) throws {
        self.folder = folder
        let file = folder.appendingPathComponent(".spill-\(UUID().uuidString)")
        descriptor = open(file.path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw AtomicFile.posixError(errno, "create a scratch file in", folder) }
        unlink(file.path)
    }

    deinit { close(descriptor) }

    /// The number of records written.
    var count: Int { ends.withLock { $0.count } }

    /// Writes `record` after the others; returns its number.
    @discardableResult
    func append(_ record: Record) throws -> Int32 {
        let bytes = try JSONEncoder().encode(record)
        return try ends.withLock { ends in
            let start = Int64(ends.last ?? 0)
            guard ends.count < Int(Int32.max), start + Int64(bytes.count) <= Int64(UInt32.max) else {
                throw AtomicFile.posixError(EFBIG, "write more to the scratch file in", folder)
            }
            try bytes.withUnsafeBytes { buffer in
                try whole(buffer.count, "write", ifNone: ENOSPC) { done in
                    pwrite(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(start) + off_t(done))
                }
            }
            ends.append(UInt32(start + Int64(bytes.count)))
            return Int32(ends.count - 1)
        }
    }

    /// Record `number`, as it was written.
    func record(_ number: Int32) throws -> Record {
        let (start, end) = ends.withLock { ends in
            (Int64(number == 0 ? 0 : ends[Int(number) - 1]), Int64(ends[Int(number)]))
        }
        var bytes = Data(count: Int(end - start))
        try bytes.withUnsafeMutableBytes { buffer in
            try whole(buffer.count, "read", ifNone: EIO) { done in
                pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(start) + off_t(done))
            }
        }
        return try JSONDecoder().decode(Record.self, from: bytes)
    }

    /// Repeats `step` (a `pread` or `pwrite` from the `done` bytes on) until `count` bytes have
    /// gone; a step that moves nothing fails with `ifNone`.
    private func whole(_ count: Int, _ action: String, ifNone: Int32, _ step: (_ done: Int) -> Int) throws {
        var done = 0
        while done < count {
            let result = step(done)
            if result < 0, errno == EINTR { continue }
            guard result > 0 else {
                throw AtomicFile.posixError(result < 0 ? errno : ifNone, "\(action) the scratch file in", folder)
            }
            done += result
        }
    }
}
