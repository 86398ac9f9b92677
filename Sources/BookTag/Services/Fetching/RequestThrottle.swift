import Foundation

/// Spaces API requests to one host at least an interval apart where they leave the machine,
/// across every booktag process that shares a home.
///
/// Each host has a small lock file. A request takes its exclusive `flock` and holds it until
/// the request's head has been written to the connection, so a process that is slow to send,
/// or descheduled in between, keeps the others waiting instead of letting them in early.
/// The file holds the moment the last request left (`sent T`); a holder writes `pending T`
/// before it sends, so if it dies mid-way the next holder, finding `pending`, waits one full
/// interval from then. The kernel drops a dead process's lock, so a crash blocks the others
/// for at most one interval.
public struct RequestThrottle: Sendable {
    /// The lowest interval allowed for any host that is not this machine.
    public static let minimumRemoteInterval = 1.0
    /// Added to every non-zero interval, for the path between this machine and the server.
    public static let safetyMargin = 0.02
    /// How often a request waiting for another process's turn to end looks again.
    static let lockPollInterval = 0.005

    /// Where the per-host turn files live (`.throttle/` in the home's data folder).
    public let folder: URL
    /// Time, for waiting.
    public let clock: any ThrottleClock

    /// A throttle over turn files in `folder`.
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

    /// Runs `send` when a request to `url` may leave, holding the host's turn until `send`
    /// calls its `sent` argument (when the request's head has been written) or returns.
    /// `willWait` hears of each wait for the interval before it begins.
    public func withTurn<Result: Sendable>(
        to url: URL, interval: Double, willWait: (Double) -> Void = { _ in },
        _ send: (_ sent: @escaping @Sendable () -> Void) async throws -> Result
    ) async throws -> Result {
        guard interval > 0 else { return try await send({}) }
        let spacing = interval + Self.safetyMargin
        let turn = try await takeTurn(host: url.host ?? "unknown")
        defer { turn.end() }
        var now = clock.now()
        let earliest: Double
        switch turn.lastRecord {
        // A recorded time in the future can only come from another clock (after a reboot
        // CLOCK_MONOTONIC restarts): ignore it rather than wait for it.
        case .sent(let last)? where last <= now: earliest = last + spacing
        case .pending?: earliest = now + spacing
        default: earliest = now
        }
        while now < earliest {
            willWait(earliest - now)
            try await clock.sleep(seconds: earliest - now)
            now = clock.now()
        }
        try turn.markPending()
        return try await send { turn.markSent() }
    }

    /// Waits for the host's lock without blocking a thread, so cancellation is heard.
    private func takeTurn(host: String) async throws -> ThrottleTurn {
        try BookTagHome.createFolder(folder)
        let path = folder.appendingPathComponent(Self.fileName(for: host)).path
        while true {
            if let lock = try FileLock.attempt(path: path, mode: .exclusive) {
                return ThrottleTurn(lock: lock, clock: clock, folder: folder)
            }
            try Task.checkCancellation()
            try await Task.sleep(nanoseconds: UInt64(Self.lockPollInterval * 1e9))
        }
    }

    /// A file name for a host: its letters, digits, dots and hyphens only.
    static func fileName(for host: String) -> String {
        let safe = host.lowercased().unicodeScalars.map { scalar -> Character in
            CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII || scalar == "." || scalar == "-"
                ? Character(scalar) : "_"
        }
        let name = String(safe).trimmingCharacters(in: CharacterSet(charactersIn: "."))
        return name.isEmpty ? "host" : String(name.prefix(100))
    }
}
