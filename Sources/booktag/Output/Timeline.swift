import Foundation

/// When `main` began: the start of every run's timeline.
let mainStarted = ContinuousClock.now

/// How long each part of a run took, from `main` on, for `--verbose` ("timing: parsing 0.4 ms,
/// store 1.2 ms, …"): what the README's tables of a command's parts are made from. Time before
/// `main` (exec, dynamic loading, the Swift runtime) is the whole process's wall time less the
/// total here.
struct Timeline {
    private var last = mainStarted
    private var parts: [(name: String, duration: Duration)] = []

    /// Ends the part called `name` now.
    mutating func mark(_ name: String) {
        let now = ContinuousClock.now
        parts.append((name, now - last))
        last = now
    }

    var summary: String {
        let total = parts.reduce(Duration.zero) { $0 + $1.duration }
        return (parts.map { "\($0.name) \(Self.format($0.duration))" } + ["from main \(Self.format(total))"]).joined(
            separator: ", ")
    }

    static func format(_ duration: Duration) -> String {
        String(
            format: "%.2f ms",
            Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15)
    }
}
