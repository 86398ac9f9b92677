import Foundation

/// One request's hold on a host's throttle file: the record it found, and the record it
/// leaves. Ends (recording the request as sent, if it was not yet) when the request has left
/// or given up, whichever comes first; `markSent` may come from a network thread.
final class ThrottleTurn: Sendable {
    enum Record: Equatable {
        /// The last request left at this time.
        case sent(Double)
        /// A request was about to leave when its process died.
        case pending
    }

    let lastRecord: Record?
    private let lock: Locked<FileLock?>
    private let clock: any ThrottleClock
    private let folder: URL

    init(lock: sending FileLock, clock: any ThrottleClock, folder: URL) {
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = pread(lock.fileDescriptor, &buffer, buffer.count, 0)
        lastRecord = count > 0 ? Self.record(String(decoding: buffer.prefix(count), as: UTF8.self)) : nil
        self.lock = Locked(lock)
        self.clock = clock
        self.folder = folder
    }

    /// Before the request is handed to the network: if this process dies now, the next one
    /// waits a full interval.
    func markPending() throws {
        try lock.withLock { lock in
            guard let lock else { return }
            try write("pending \(Self.format(clock.now()))\n", to: lock)
        }
    }

    /// The request's head has been written: record the moment and let the next one in.
    func markSent() {
        end()
    }

    /// Records now as the moment the request left, unless that was done, and unlocks.
    func end() {
        lock.withLock { lock in
            guard let held = lock else { return }
            try? write("sent \(Self.format(clock.now()))\n", to: held)
            held.unlock()
            lock = nil
        }
    }

    private func write(_ text: String, to lock: FileLock) throws {
        let bytes = Array(text.utf8)
        let descriptor = lock.fileDescriptor
        guard ftruncate(descriptor, 0) == 0, pwrite(descriptor, bytes, bytes.count, 0) == bytes.count else {
            throw AtomicFile.posixError(errno, "record a request time in", folder)
        }
    }

    /// `sent T`, `pending T`, or a bare `T` (as earlier versions wrote it).
    static func record(_ text: String) -> Record? {
        let fields = text.split(whereSeparator: \.isWhitespace)
        switch (fields.first, fields.count) {
        case ("pending"?, _): return .pending
        case ("sent"?, 2): return Double(fields[1]).map(Record.sent)
        case (let value?, 1): return Double(value).map(Record.sent)
        default: return nil
        }
    }

    private static func format(_ time: Double) -> String {
        String(format: "%.6f", time)
    }
}
