import Foundation

/// Spaces the starts of API requests to one host at least an interval apart, across every
/// booktag process that shares a home.
///
/// Each host has a small file holding the time of the latest request start. A caller takes an
/// exclusive `flock`; if the interval has passed since that start it writes the current time
/// and goes, otherwise it releases the lock, sleeps until the interval is up, and asks again.
/// No process blocks another for longer than a file write, and two recorded starts are never
/// closer than the interval.
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
    /// `willWait` hears of each wait before it begins.
    @discardableResult
    public func waitForTurn(to url: URL, interval: Double, willWait: (Double) -> Void = { _ in }) async throws -> Double {
        let host = url.host ?? "unknown"
        let spacing = interval > 0 ? interval + Self.safetyMargin : 0
        var waited = 0.0
        while true {
            let wait = try claim(host: host, spacing: spacing)
            guard wait > 0 else { return waited }
            willWait(wait)
            try await clock.sleep(seconds: wait)
            waited += wait
        }
    }

    /// Under the host's lock: if the last start is at least `spacing` ago, records now as the
    /// latest start and returns 0 (go); otherwise returns how long to wait before asking again.
    /// Starts are recorded when they happen, not when they were planned, so a process that
    /// wakes late from its wait pushes the next start back instead of crowding it.
    private func claim(host: String, spacing: Double) throws -> Double {
        try BookTagHome.createFolder(folder)
        let lock = try FileLock(path: folder.appendingPathComponent(Self.fileName(for: host)).path, mode: .exclusive)
        defer { lock.unlock() }
        let descriptor = lock.fileDescriptor
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        let last = count > 0 ? Double(String(decoding: buffer.prefix(count), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) : nil
        let now = clock.now()
        // A recorded start in the future can only come from another clock (after a reboot
        // CLOCK_MONOTONIC restarts): ignore it rather than wait for it.
        if let last, last <= now, now < last + spacing {
            return last + spacing - now
        }
        let text = Array(String(format: "%.6f\n", now).utf8)
        guard ftruncate(descriptor, 0) == 0, pwrite(descriptor, text, text.count, 0) == text.count else {
            throw AtomicFile.posixError(errno, "record a request time in", folder)
        }
        return 0
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
