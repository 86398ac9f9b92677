import BookTagTestSupport
import Foundation

/// A second process on a home: this test binary again, running only `HelperEntry` with the
/// command in its environment (see HelperCommand.swift).
struct HelperProcess: @unchecked Sendable {
    static let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()

    let process = Process()
    let output = Pipe()
    let errors = Pipe()

    init(_ arguments: [String]) throws {
        process.executableURL = Self.executable
        process.arguments = ["--testing-library", "swift-testing", "--filter", "HelperEntry"]
        var environment = ProcessInfo.processInfo.environment
        environment[HelperEntry.variable] = String(decoding: try JSONEncoder().encode(arguments), as: UTF8.self)
        process.environment = environment
        process.standardOutput = output
        process.standardError = errors
        try process.run()
    }

    /// Reads standard output up to and including the first line that starts with `prefix`.
    func waitForLine(startingWith prefix: String) async -> String? {
        await offThePool { [self] in waitForLineBlocking(startingWith: prefix) }
    }

    private func waitForLineBlocking(startingWith prefix: String) -> String? {
        var buffer = Data()
        let handle = output.fileHandleForReading
        while true {
            let chunk = handle.availableData
            if chunk.isEmpty { return nil }
            buffer.append(chunk)
            let text = String(decoding: buffer, as: UTF8.self)
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }) {
                return String(line)
            }
        }
    }

    /// Waits for the process to end; returns its status and standard error.
    func finish() async -> (status: Int32, errors: String) {
        await offThePool { [self] in finishBlocking() }
    }

    /// Kills the process and waits for it to end.
    func stop() async {
        await offThePool { [self] in
            Glibc.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    private func finishBlocking() -> (status: Int32, errors: String) {
        let errorText = String(decoding: BooktagProcess.readToEnd(errors), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, errorText)
    }
}
