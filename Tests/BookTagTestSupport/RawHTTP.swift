import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// HTTP/1.1 over a plain socket to 127.0.0.1, byte for byte as written (any `Host`, any path, a
/// body cut anywhere): what the tests and benchmarks that talk to a real `booktag serve` need
/// and no HTTP client lets them do.
public enum RawHTTP {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    /// An answer read whole; `headers` by lowercased name, `body` dechunked.
    public struct Response: Sendable {
        public let status: Int
        public let headers: [String: String]
        public let body: Data
        public var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// A connection to `port`. Reads give up after `receiveTimeout` seconds; sends after
    /// `sendTimeout` (a server that refuses a body stops reading it); `noDelay` turns off Nagle's
    /// algorithm, for latency measured on a kept-alive connection.
    public static func connect(port: Int, receiveTimeout: Int = 30, sendTimeout: Int = 3, noDelay: Bool = false) throws
        -> Int32
    {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var receive = timeval(tv_sec: receiveTimeout, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &receive, socklen_t(MemoryLayout<timeval>.size))
        var send = timeval(tv_sec: sendTimeout, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &send, socklen_t(MemoryLayout<timeval>.size))
        if noDelay {
            var one: Int32 = 1
            setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(socket)
            throw Failure("cannot connect to 127.0.0.1:\(port)")
        }
        return socket
    }

    /// Sends all of `data`, at most `chunk` bytes a write (as a browser streams a file).
    public static func write(_ data: Data, to socket: Int32, chunk: Int = .max) throws {
        try data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = send(socket, raw.baseAddress! + offset, min(chunk, raw.count - offset), Int32(MSG_NOSIGNAL))
                if sent <= 0 { throw Failure("the server closed the connection after \(offset) bytes of the request") }
                offset += sent
            }
        }
    }

    /// One request on its own connection, its answer read until the server closes it. A refused
    /// body may be answered before it is all sent: the answer counts, not the send.
    public static func exchange(_ request: Data, port: Int, chunk: Int = .max) throws -> Response {
        let socket = try connect(port: port)
        defer { close(socket) }
        try? write(request, to: socket, chunk: chunk)
        return try read(socket)
    }

    /// An answer read until the server closes the connection.
    public static func read(_ socket: Int32) throws -> Response {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let read = recv(socket, &buffer, buffer.count, 0)
            if read <= 0 { break }
            received.append(contentsOf: buffer[0..<read])
        }
        guard let end = received.range(of: Data("\r\n\r\n".utf8)) else {
            throw Failure("no HTTP answer (\(received.count) bytes)")
        }
        let lines = String(decoding: received[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let status = Int(lines.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        var body = Data(received[end.upperBound...])
        if headers["transfer-encoding"]?.lowercased() == "chunked" { body = dechunked(body) }
        return Response(status: status, headers: headers, body: body)
    }

    /// A chunked body's data.
    public static func dechunked(_ data: Data) -> Data {
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

    /// `booktag serve`'s address line (`http://127.0.0.1:PORT/?token=TOKEN`), read from its
    /// standard output a byte at a time; lines before it (a profiler's) are skipped.
    public static func serveAddress(from output: FileHandle) throws -> (address: URL, port: Int, token: String) {
        var bytes: [UInt8] = []
        while true {
            guard let byte = output.readData(ofLength: 1).first else {
                throw Failure(
                    "booktag serve ended before it printed its address (\"\(String(decoding: bytes, as: UTF8.self))\")")
            }
            guard byte == UInt8(ascii: "\n") else {
                bytes.append(byte)
                continue
            }
            let line = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespaces)
            bytes = []
            guard line.hasPrefix("http://") else { continue }
            guard let url = URL(string: line), let port = url.port,
                let token = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first(where: {
                    $0.name == "token"
                })?.value
            else { throw Failure("booktag serve printed \"\(line)\"") }
            return (url, port, token)
        }
    }
}
