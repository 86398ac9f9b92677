import BookTagTestSupport
import Foundation
import Synchronization

/// `booktag serve` run as a subprocess: its first stdout line read for the address and token,
/// raw HTTP/1.1 requests written to it byte for byte (any `Host`, any path), and signals sent.
final class ServeProcess: Sendable {
    let process: Process
    let address: URL
    let token: String
    let port: Int
    private let errors: Pipe

    init(home: URL, arguments: [String] = [], environment: [String: String] = [:]) async throws {
        let process = Process()
        process.executableURL = BooktagProcess.binary
        process.arguments = ["serve", "--port", "0", "--home", home.path] + arguments
        process.environment = BooktagProcess.environment(environment)
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let line = try await offThePool { () throws -> String in
            var bytes: [UInt8] = []
            while true {
                let data = output.fileHandleForReading.readData(ofLength: 1)
                guard let byte = data.first else { break }
                if byte == UInt8(ascii: "\n") { break }
                bytes.append(byte)
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        guard let url = URL(string: line), let token = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first(where: { $0.name == "token" })?.value,
            let port = url.port
        else {
            process.terminate()
            throw ServeProcessError(message: "serve printed \"\(line)\" first; stderr: \(String(decoding: errors.fileHandleForReading.availableData, as: UTF8.self))")
        }
        self.process = process
        self.errors = errors
        address = url
        self.token = token
        self.port = port
    }

    /// A home whose Open Library is the bundled recording served over HTTP, the throttle on at
    /// `interval` seconds between API calls (so a job can be watched, or caught, mid-way).
    static func throttledHome(interval: Double) throws -> (replay: ReplayServer, home: TemporaryHome) {
        let replay = try ReplayServer(recording: Fixtures.openLibraryReplay, origin: "https://openlibrary.org")
        let home = try TemporaryHome()
        let base = replay.baseURL.absoluteString
        let config: [String: Any] = ["openlibrary": ["baseURL": base, "coversURL": base + "/_/covers.openlibrary.org", "minRequestInterval": interval]]
        try JSONSerialization.data(withJSONObject: config).write(to: home.home.configFile)
        return (replay, home)
    }

    struct ServeProcessError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    struct Response {
        let status: Int
        let headers: [String: String]
        let body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// One request on its own connection (`Connection: close`), `Host` as given.
    func request(
        _ method: String, _ path: String, host: String? = nil, headers: [String: String] = [:], body: Data = Data(), authorized: Bool = true
    ) async throws -> Response {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n"
        if authorized { head += "Authorization: Bearer \(token)\r\n" }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || ["POST", "PUT"].contains(method) { head += "Content-Length: \(body.count)\r\n" }
        let bytes = Data((head + "\r\n").utf8) + body
        let port = port
        return try await offThePool { try Self.exchange(bytes, port: port) }
    }

    /// Reads the first `count` bytes of an answer, then closes the connection (a client going away).
    func readPart(_ path: String, count: Int) async throws -> Data {
        let request = Data("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer \(token)\r\n\r\n".utf8)
        let port = port
        return try await offThePool {
            let socket = try Self.connect(port: port)
            defer { close(socket) }
            try Self.write(request, to: socket)
            var received = Data()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while received.count < count {
                let read = recv(socket, &buffer, buffer.count, 0)
                if read <= 0 { break }
                received.append(contentsOf: buffer[0..<read])
            }
            return received
        }
    }

    /// A request whose head and the first `part` of its body are sent, the rest not yet: an
    /// upload under way, to be cut, continued, or left while the server is stopped.
    func beginUpload(_ path: String, declaredLength: Int, part: Data, type: String = "text/csv") async throws -> Upload {
        let head = "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer \(token)\r\nContent-Type: \(type)\r\nContent-Length: \(declaredLength)\r\nConnection: close\r\n\r\n"
        let port = port
        return try await offThePool {
            let socket = try Self.connect(port: port)
            try? Self.write(Data(head.utf8) + part, to: socket)
            return Upload(socket: socket)
        }
    }

    /// An upload's connection, open until cut or answered.
    final class Upload: @unchecked Sendable {
        let socket: Int32
        private var closed = false
        init(socket: Int32) { self.socket = socket }

        /// Closes the connection with the body unfinished, as a phone losing its signal.
        func cut() {
            guard !closed else { return }
            closed = true
            close(socket)
        }

        /// The server's answer (read until it closes the connection), after sending `rest`.
        func response(sending rest: Data = Data()) async throws -> Response {
            let socket = socket
            defer { cut() }
            return try await offThePool {
                try? ServeProcess.write(rest, to: socket)
                return try ServeProcess.read(socket)
            }
        }

        deinit { cut() }
    }

    func signal(_ number: Int32) {
        kill(process.processIdentifier, number)
    }

    /// Waits up to `seconds` for the process to end; its status, or nil if it is still running.
    func waitForExit(seconds: Double) async -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { try? await Task.sleep(for: .milliseconds(20)) }
        return process.isRunning ? nil : process.terminationStatus
    }

    var standardError: String { String(decoding: errors.fileHandleForReading.availableData, as: UTF8.self) }

    deinit {
        if process.isRunning { process.terminate() }
    }

    private static func connect(port: Int) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        // A server that refuses a body stops reading it: sending the rest gives up.
        var sendTimeout = timeval(tv_sec: 3, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &sendTimeout, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(socket)
            throw ServeProcessError(message: "cannot connect to 127.0.0.1:\(port)")
        }
        return socket
    }

    fileprivate static func write(_ data: Data, to socket: Int32) throws {
        try data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = send(socket, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if sent <= 0 { throw ServeProcessError(message: "the server closed the connection while the request was sent") }
                offset += sent
            }
        }
    }

    private static func exchange(_ request: Data, port: Int) throws -> Response {
        let socket = try connect(port: port)
        defer { close(socket) }
        // A refused body may be answered before it is all sent: the answer counts, not the send.
        try? write(request, to: socket)
        return try read(socket)
    }

    /// An answer read until the server closes the connection.
    fileprivate static func read(_ socket: Int32) throws -> Response {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let read = recv(socket, &buffer, buffer.count, 0)
            if read <= 0 { break }
            received.append(contentsOf: buffer[0..<read])
        }
        guard let end = received.range(of: Data("\r\n\r\n".utf8)) else {
            throw ServeProcessError(message: "no HTTP answer (\(received.count) bytes)")
        }
        let lines = String(decoding: received[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let status = Int(lines.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Data(received[end.upperBound...])
        if headers["transfer-encoding"]?.lowercased() == "chunked" { body = dechunked(body) }
        return Response(status: status, headers: headers, body: body)
    }

    private static func dechunked(_ data: Data) -> Data {
        var result = Data()
        var index = data.startIndex
        while let lineEnd = data[index...].range(of: Data("\r\n".utf8)) {
            let size = Int(String(decoding: data[index..<lineEnd.lowerBound], as: UTF8.self), radix: 16) ?? 0
            if size == 0 { break }
            let start = lineEnd.upperBound
            guard start + size <= data.endIndex else { break }
            result.append(data[start..<start + size])
            index = start + size + 2
        }
        return result
    }
}
