import BookTag
import Foundation

/// booktag is two executables. `booktag` answers every command that works from the store and
/// links no network code; a command that goes online (`add`, `reroll`, `drop --replace`,
/// `import`, `stats --fetch`, `show` of a book not in the store, `serve`) is handed, command
/// line and all, to `booktag-online`, which is the same command tree with AsyncHTTPClient and
/// Hummingbird. The split is for start-up: the Swift runtime looks protocol conformances up by
/// scanning every loaded image, and SwiftNIO, AsyncHTTPClient and Hummingbird are two thirds of
/// the conformances a single executable would carry, paid by every `list` and `show`.
///
/// The hand-over is `execv`: same process, arguments, environment and standard streams, so
/// exit statuses and signals are the online binary's own. It happens before the command has
/// printed or stored anything, so nothing is said or done twice.
package enum Online {
    /// What `booktag-online` installs before it runs a command; nil in `booktag`.
    nonisolated(unsafe) package static var parts: OnlineParts?

    /// The name of the second executable: beside `booktag` in a build folder, in
    /// `PREFIX/libexec/booktag/` when installed.
    package static let executableName = "booktag-online"

    /// Continues this command in `booktag-online` unless this process is it. Returns only in
    /// `booktag-online`; elsewhere it replaces the process, or throws when the executable is missing.
    package static func handOver() throws -> OnlineParts {
        if let parts { return parts }
        let candidates = executableCandidates()
        fflush(nil)  // anything buffered for stdout goes out before the process is replaced
        setenv(versionVariable, BookTagVersion.current, 1)
        let arguments = CommandLine.arguments
        for path in candidates where access(path, X_OK) == 0 {
            var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
            argv.append(nil)
            execv(path, argv)
            // execv returns only on failure: try the next place.
            argv.forEach { free($0) }
        }
        throw CommandFailure(
            .network,
            "this command goes online, which booktag does in \(executableName), and that is not beside it (looked for \(candidates.joined(separator: " and "))): install booktag again, or in a clone build both with 'swift build'")
    }

    /// Tells `booktag-online` which version handed it the command.
    static let versionVariable = "BOOKTAG_HANDED_OVER_BY"

    /// Called by `booktag-online` before anything else: a command handed over by a `booktag` of
    /// another version (one of the two binaries replaced without the other) stops with one line
    /// and exit 69 instead of running against a store or options the other version may not know.
    package static func acceptHandOver() {
        guard let sender = ProcessInfo.processInfo.environment[versionVariable] else { return }
        unsetenv(versionVariable)  // not passed on to anything this process starts
        guard sender != BookTagVersion.current else { return }
        fail(CommandFailure(
            .network,
            "booktag \(sender) handed this command to \(executableName) \(BookTagVersion.current): install booktag again, so that both are the same version"))
    }

    /// Where `booktag-online` may be, from where this executable really is.
    static func executableCandidates() -> [String] {
        let own = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
        let folder = own.deletingLastPathComponent()
        return [
            folder.appendingPathComponent(executableName).path,
            folder.deletingLastPathComponent().appendingPathComponent("libexec/booktag/\(executableName)").path,
        ]
    }
}

/// The network client and the server, which only `booktag-online` links.
package struct OnlineParts: Sendable {
    /// An HTTP transport for a run, using the proxies `environment` names.
    package var transport: @Sendable (_ environment: [String: String], _ userAgent: String) throws -> any ClosableTransport
    /// `booktag serve`'s work, once its options are checked.
    package var serve: @Sendable (_ command: BookTagCommand.Serve) throws -> Void

    package init(
        transport: @escaping @Sendable (_ environment: [String: String], _ userAgent: String) throws -> any ClosableTransport,
        serve: @escaping @Sendable (_ command: BookTagCommand.Serve) throws -> Void
    ) {
        self.transport = transport
        self.serve = serve
    }
}

/// An HTTP transport with connections to close when a run's work is done.
package protocol ClosableTransport: HTTPTransport {
    func shutdown() async
}

extension GlobalOptions {
    /// Hands the command to `booktag-online` when this run uses the network: always, except
    /// when answers come from a replay.
    func handOverIfOnline() throws {
        if replay == nil { _ = try Online.handOver() }
    }
}
