import BookTagTestSupport
import Foundation

/// Debian's headless Chromium, installed on first use when it is missing and this process may
/// install packages (CI runs as root); otherwise the tests that need it say why they skip.
struct Chromium: Sendable {
    let executable: String

    nonisolated(unsafe) static var unavailableReason = "not looked for"

    static func available() -> Chromium? {
        let candidates = ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
        if let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) {
            return Chromium(executable: found)
        }
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/apt-get") else {
            unavailableReason = "chromium is not installed and this user cannot install it (apt-get install chromium)"
            return nil
        }
        let install = Process()
        install.executableURL = URL(fileURLWithPath: "/usr/bin/apt-get")
        install.arguments = ["install", "-y", "--no-install-recommends", "chromium"]
        install.environment = ["DEBIAN_FRONTEND": "noninteractive", "PATH": "/usr/sbin:/usr/bin:/sbin:/bin"]
        install.standardOutput = FileHandle.nullDevice
        install.standardError = FileHandle.nullDevice
        do {
            try install.run()
            install.waitUntilExit()
        } catch {
            unavailableReason = "apt-get could not run: \(error.localizedDescription)"
            return nil
        }
        guard install.terminationStatus == 0,
            let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else {
            unavailableReason =
                "apt-get install chromium failed (status \(install.terminationStatus)); no network for packages?"
            return nil
        }
        return Chromium(executable: found)
    }

    /// The page's DOM after loading it and letting its scripts, if any, run.
    func dumpDOM(_ file: URL) async throws -> String {
        try await offThePool { try dumpDOMBlocking(file) }
    }

    private func dumpDOMBlocking(_ file: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "booktag-chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(profile.path)",
            "--virtual-time-budget=3000", "--dump-dom", file.absoluteString,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = BooktagProcess.readToEnd(output)
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
