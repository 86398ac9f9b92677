import Foundation

/// Spaces the starts of API requests to one host at least an interval apart, across every
/// booktag process that shares a home.
///
/// Each host has a small file holding the start time of the latest reserved request. A caller
/// takes an exclusive `flock`, reserves the next free slot (now, or the last start plus the
/// interval, whichever is later), writes it back and releases the lock at once; then it sleeps
/// until its slot outside the lock. No process blocks another for longer than a file write, and
/// two reservations are never closer than the interval.
public struct RequestThrottle: Sendable {
    /// The lowest interval allowed for any host that is not this machine.
    public static let minimumRemoteInterval = 1.0
    /// Added to every non-zero interval: a process can be scheduled late after its wait, so
    /// that the server still sees requests at least the interval apart.
    public static let safetyMargin = 0.02

    public let folder: URL
    public let clock: any ThrottleClock

    public init(folder: URL, clock: any ThrottleClock = SystemClock()) {
        self.folder = folder
        self.clock = clock
    }

    /// The throttle for a home: files under its data folder.
    public init(home: BookTagHome, clock: any ThrottleClock = SystemClock()) {
        self.init(folder: home.dataFolder.appendingPathComponent(".throttle", isDirectory: true), clock: clock)
    }

    /// The interval that applies to `url`: as configured for loopback hosts (tests), never below
    /// one second for any other.
    public static func interval(for url: URL, configured: Double) -> Double {
        url.isLoopback ? max(0, configured) : max(minimumRemoteInterval, configured)
    }

    /// Waits until a request to `url` may start and records its start. Returns the seconds waited;
    /// `willWait` hears of a wait before it begins.
    @discardableResult
    public func waitForTurn(to url: URL, interval: Double, willWait: (Double) -> Void = { _ in }) async throws -> Double {
        let start = try reserveSlot(host: url.host ?? "unknown", interval: interval)
        let wait = start - clock.now()
        if wait > 0 {
            willWait(wait)
            try await clock.sleep(seconds: wait)
        }
        return max(0, wait)
    }

    private func reserveSlot(host: String, interval: Double) throws -> Double {
        try BookTagHome.createFolder(folder)
        let lock = try FileLock(path: folder.appendingPathComponent(Self.fileName(for: host)).path, mode: .exclusive)
        defer { lock.unlock() }
        let descriptor = lock.fileDescriptor
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        let last = count > 0 ? Double(String(decoding: buffer.prefix(count), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) : nil
        let now = clock.now()
        // A recorded start far in the future can only come from another clock (after a
        // reboot CLOCK_MONOTONIC restarts): ignore it rather than wait for it.
        let spacing = interval > 0 ? interval + Self.safetyMargin : 0
        let start = last.map { $0 > now + spacing ? now : max(now, $0 + spacing) } ?? now
        let text = Array(String(format: "%.6f\n", start).utf8)
        guard ftruncate(descriptor, 0) == 0, pwrite(descriptor, text, text.count, 0) == text.count else {
            throw AtomicFile.posixError(errno, "record a request time in", folder)
        }
        return start
    }

    /// A file name for a host: its letters, digits, dots and hyphens only.
    static func fileName(for host: String) -> String {
        let safe = host.lowercased().unicodeScalars.map { scalar -> Character in
            CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII || scalar == "." || scalar == "-" ? Character(scalar) : "_"
        }
        let name = String(safe).trimmingCharacters(in: CharacterSet(charactersIn: "."))
        return name.isEmpty ? "host" : String(name.prefix(100))
    }
}
