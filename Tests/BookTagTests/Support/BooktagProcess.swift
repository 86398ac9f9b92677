import BookTagTestSupport
import Foundation

/// The built `booktag` binary run as a subprocess, its output captured through pipes or, to see
/// what a person at a terminal sees, through a pseudo-terminal.
enum BooktagProcess {
    static let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("booktag")

    struct Run {
        let status: Int32
        let output: String
        let errors: String
    }

    /// Which streams go to a pseudo-terminal instead of a pipe.
    struct Terminals: OptionSet {
        let rawValue: Int
        static let output = Terminals(rawValue: 1)
        static let errors = Terminals(rawValue: 2)
    }

    static func environment(_ extra: [String: String]) -> [String: String] {
        var merged = ProcessInfo.processInfo.environment
        // The reader's language comes from these: English unless a test names another.
        for name in [
            "BOOKTAG_HOME", "BOOKTAG_API_KEY", "BOOKTAG_BASE_URL", "NO_COLOR", "LC_ALL", "LC_MESSAGES", "LANG",
        ] {
            merged.removeValue(forKey: name)
        }
        merged["TERM"] = "xterm-256color"
        merged.merge(extra) { $1 }
        return merged
    }

    /// Runs booktag to its end, waiting off the concurrency pool.
    static func run(
        _ arguments: [String], environment extra: [String: String] = [:], terminals: Terminals = [],
        binary: URL = BooktagProcess.binary
    ) async throws -> Run {
        try await offThePool { try runBlocking(arguments, environment: extra, terminals: terminals, binary: binary) }
    }

    private static func runBlocking(
        _ arguments: [String], environment extra: [String: String], terminals: Terminals, binary: URL
    ) throws -> Run {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = environment(extra)
        process.standardInput = FileHandle.nullDevice
        var readers: [@Sendable () -> Data] = []
        var slaves: [Int32] = []
        for stream in [Terminals.output, .errors] {
            let handle: FileHandle
            if terminals.contains(stream) {
                let terminal = try PseudoTerminal()
                slaves.append(terminal.slave)
                handle = FileHandle(fileDescriptor: terminal.slave, closeOnDealloc: false)
                readers.append(terminal.readAll)
            } else {
                let pipe = Pipe()
                handle = pipe.fileHandleForWriting
                readers.append { readToEnd(pipe) }
            }
            if stream == .output { process.standardOutput = handle } else { process.standardError = handle }
        }
        try process.run()
        // The parent's copies of the writing ends must close, or the readers never see the end.
        for slave in slaves { close(slave) }
        if let output = process.standardOutput as? FileHandle, !terminals.contains(.output) { try? output.close() }
        if let errors = process.standardError as? FileHandle, !terminals.contains(.errors) { try? errors.close() }
        let group = DispatchGroup()
        let results = ResultBox(count: 2)
        for (index, reader) in readers.enumerated() {
            DispatchQueue.global().async(group: group) { results.set(index, reader()) }
        }
        process.waitUntilExit()
        group.wait()
        return Run(
            status: process.terminationStatus,
            output: String(decoding: results.get(0), as: UTF8.self),
            errors: String(decoding: results.get(1), as: UTF8.self))
    }

    /// Everything the pipe's writers write, read with `read(2)` and retried on `EINTR`: with many
    /// processes ending at once, Foundation's `readDataToEndOfFile` traps on an interrupted read.
    static func readToEnd(_ pipe: Pipe) -> Data {
        let descriptor = pipe.fileHandleForReading.fileDescriptor
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count > 0 {
                data.append(contentsOf: buffer[0..<count])
            } else if count < 0, errno == EINTR {
                continue
            } else {
                return data
            }
        }
    }

    /// Starts booktag and returns the process, its stderr gathered into `errors` as it comes.
    static func start(_ arguments: [String], environment extra: [String: String] = [:]) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = environment(extra)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        return (process, errors)
    }
}

private final class ResultBox: @unchecked Sendable {
    private var values: [Data]
    private let lock = NSLock()
    init(count: Int) { values = Array(repeating: Data(), count: count) }
    func set(_ index: Int, _ data: Data) { lock.withLock { values[index] = data } }
    func get(_ index: Int) -> Data { lock.withLock { values[index] } }
}

/// A pseudo-terminal pair: the child writes to `slave`, the test reads `master` until the child
/// and every other holder of `slave` have closed it.
struct PseudoTerminal: Sendable {
    let master: Int32
    let slave: Int32

    init() throws {
        // posix_openpt and friends are not visible from Swift's Glibc module; these are the
        // ioctls they are made of (TIOCSPTLCK to unlock, TIOCGPTN for the slave's number).
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard master >= 0, ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
            throw POSIXError(.EIO)
        }
        let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard slave >= 0 else { throw POSIXError(.EIO) }
        // A wide terminal, so tables are not cut where a test looks for text.
        var size = winsize(ws_row: 50, ws_col: 160, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(slave, UInt(TIOCSWINSZ), &size)
        // No "\n" → "\r\n" translation: the test sees exactly what booktag wrote.
        var settings = termios()
        tcgetattr(slave, &settings)
        settings.c_oflag &= ~tcflag_t(OPOST)
        tcsetattr(slave, TCSANOW, &settings)
        self.master = master
        self.slave = slave
    }

    func readAll() -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(master, &buffer, buffer.count)
            if count > 0 {
                data.append(contentsOf: buffer[0..<count])
            } else if count < 0, errno == EINTR {
                continue
            } else {
                break  // EIO: every slave descriptor is closed
            }
        }
        close(master)
        return data
    }
}
