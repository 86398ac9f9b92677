import Foundation
import Synchronization

/// A tiny HTTP/1.1 server on 127.0.0.1 and an ephemeral port, for tests: it answers each GET
/// from a handler, logs when every request arrived, and can misbehave on purpose (delay, hang,
/// reset). Each connection is answered once and closed. `stop()` (or deinit) ends it.
public final class LoopbackServer: @unchecked Sendable {
    public struct Request: Sendable {
        public let path: String
        public let query: [String: String]
        /// `CLOCK_MONOTONIC` seconds, the clock booktag's throttle uses.
        public let arrival: Double
    }

    public struct Reply: Sendable {
        public enum Behaviour: Sendable { case answer, reset, hang(seconds: Double) }
        public var status: Int
        public var headers: [String: String]
        public var body: Data
        public var delay: Double
        public var behaviour: Behaviour

        public init(status: Int = 200, headers: [String: String] = [:], body: Data = Data(), delay: Double = 0, behaviour: Behaviour = .answer) {
            self.status = status
            self.headers = headers
            self.body = body
            self.delay = delay
            self.behaviour = behaviour
        }
    }

    public let port: UInt16
    private let listener: Int32
    private let handler: @Sendable (Request) -> Reply
    private let log = Mutex<[Request]>([])
    private let stopped = Atomic<Bool>(false)

    public init(handler: @escaping @Sendable (Request) -> Reply) throws {
        self.handler = handler
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.EIO) }
        var yes: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(socket, 64) == 0 else {
            close(socket)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        listener = socket
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit {
        stop()
    }

    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Every request so far, in arrival order.
    public var requests: [Request] { log.withLock { $0 } }

    public func stop() {
        guard !stopped.exchange(true, ordering: .relaxed) else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while !stopped.load(ordering: .relaxed) {
            let client = accept(listener, nil, nil)
            guard client >= 0 else {
                if errno == EINTR { continue }
                return
            }
            Thread { [self] in serve(client) }.start()
        }
    }

    private func serve(_ client: Int32) {
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while received.count < 65536, received.range(of: Data("\r\n\r\n".utf8)) == nil {
            let count = recv(client, &buffer, buffer.count, 0)
            guard count > 0 else { close(client); return }
            received.append(contentsOf: buffer[0..<count])
        }
        let line = String(decoding: received.prefix { $0 != 0x0D }, as: UTF8.self).split(separator: " ")
        let target = line.count > 1 ? String(line[1]) : "/"
        let components = URLComponents(string: "http://127.0.0.1\(target)")
        var query: [String: String] = [:]
        for item in components?.queryItems ?? [] { query[item.name] = item.value ?? "" }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let request = Request(path: components?.path ?? target, query: query, arrival: Double(now.tv_sec) + Double(now.tv_nsec) / 1e9)
        log.withLock { $0.append(request) }

        let reply = handler(request)
        if reply.delay > 0 { usleep(UInt32(reply.delay * 1_000_000)) }
        switch reply.behaviour {
        case .reset:
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
            setsockopt(client, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        case let .hang(seconds):
            usleep(UInt32(min(seconds, 30) * 1_000_000))
        case .answer:
            var head = "HTTP/1.1 \(reply.status) Status\r\nContent-Length: \(reply.body.count)\r\nConnection: close\r\n"
            for (name, value) in reply.headers { head += "\(name): \(value)\r\n" }
            head += "\r\n"
            if send(client: client, Data(head.utf8)) {
                _ = send(client: client, reply.body)
            }
        }
        close(client)
    }

    /// Sends all of `data`; `false` once the peer has gone (no SIGPIPE).
    private func send(client: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = Glibc.send(client, raw.baseAddress! + offset, min(65536, raw.count - offset), Int32(MSG_NOSIGNAL))
                if sent <= 0 { return false }
                offset += sent
            }
            return true
        }
    }
}
