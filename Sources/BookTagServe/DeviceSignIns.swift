import BookTag
import Foundation

/// Failed device sign-ins by address: after `limit` failures within a minute, the address is
/// answered 429 for a minute, whatever it sends, so a password cannot be guessed at speed.
final class DeviceSignIns: Sendable {
    /// Failures a minute before an address is held off.
    static let limit = 10
    /// The minute, and how long an address is held off.
    static let window: TimeInterval = 60

    private struct Record {
        var failures: [Date] = []
        var heldUntil: Date?
    }

    private let records = Locked([String: Record]())
    private let now: @Sendable () -> Date

    init(now: @escaping @Sendable () -> Date = Date.init) {
        self.now = now
    }

    /// How many seconds `address` is still held off, or `nil` when it may try.
    func heldOff(_ address: String) -> Int? {
        let now = now()
        return records.withLock { records -> Int? in
            guard let until = records[address]?.heldUntil else { return nil }
            guard until > now else {
                records[address] = nil
                return nil
            }
            return Int(until.timeIntervalSince(now).rounded(.up))
        }
    }

    /// Notes a failure of `address`.
    func failed(_ address: String) {
        let now = now()
        records.withLock { records in
            var record = records[address] ?? Record()
            record.failures = record.failures.filter { now.timeIntervalSince($0) < Self.window } + [now]
            if record.failures.count >= Self.limit {
                record.heldUntil = now.addingTimeInterval(Self.window)
                record.failures = []
            }
            records[address] = record
            // Addresses that stopped failing long ago are forgotten: the table stays small.
            if records.count > 10_000 {
                records = records.filter { _, record in
                    record.heldUntil.map { $0 > now }
                        ?? record.failures.contains { now.timeIntervalSince($0) < Self.window }
                }
            }
        }
    }
}
