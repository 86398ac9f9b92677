import BookTag
import Foundation

/// A tiny HTTP/1.1 server on 127.0.0.1 and an ephemeral port, for tests: it answers each GET
/// from a handler, logs when every request arrived, and can misbehave on purpose (delay, hang,
/// reset). Each connection is answered once and closed. `stop()` (or deinit) ends it.
///
/// Arrival times are the kernel's: the moment the request's first bytes reached this machine's
/// TCP stack (`SO_TIMESTAMPNS`), so a server thread scheduled late on a busy machine does not
/// shift them.
public final class LoopbackServer: @unchecked Sendable {
    public struct Request: Sendable {
        /// `GET`, `POST`, …
        public var method = "GET"
        public let path: String
        public let query: [String: String]
        /// Header names lower-cased.
        public let headers: [String: String]
        /// Real-time seconds at which the kernel received the request's first bytes. Only the
        /// differences between arrivals mean anything: it is the kernel's own stamp, never
        /// converted, so a server thread descheduled at any point cannot move it.
        public let arrival: Double
        /// False if the kernel gave no stamp and `arrival` is when the server read the bytes
        /// (late by however long the server thread waited for a core).
        public let stampedByKernel: Bool
        /// The body, as its `Content-Length` said (at most 1 MiB is read).
        public var body = Data()
    }

    public struct Reply: Sendable {
        public enum Behaviour: Sendable {
            case answer
            /// The body without a Content-Length, ended by closing the connection.
            case answerWithoutLength
            case reset
            case hang(seconds: Double)
        }
        public var status: Int
        public var headers: [String: String]
        public var body: Data
        public var delay: Double
        public var behaviour: Behaviour

        public init(
            status: Int = 200, headers: [String: String] = [:], body: Data = Data(), delay: Double = 0,
            behaviour: Behaviour = .answer
        ) {
            self.status = status
            self.headers = headers
            self.body = body
            self.delay = delay
            self.behaviour = behaviour
        }
    }

    private let listener: LoopbackListener
    private let handler: @Sendable (Request) -> Reply
    private let log = Locked<[Request]>([])

    public init(handler: @escaping @Sendable (Request) -> Reply) throws {
        self.handler = handler
        listener = try LoopbackListener { socket in
            var yes: Int32 = 1
            // Accepted connections inherit receive timestamps from the listener.
            setsockopt(socket, SOL_SOCKET, Self.timestampOption, &yes, socklen_t(MemoryLayout<Int32>.size))
        }
        listener.start { [self] client in serve(client) }
    }

    public var port: UInt16 { listener.port }

    deinit {
        stop()
    }

    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Every request so far, in arrival order.
    public var requests: [Request] { log.withLock { $0 } }

    public func stop() {
        listener.stop()
    }

    private func serve(_ client: Int32) {
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var arrival: Double?
        var stampedByKernel = false
        while received.count < 65536, received.range(of: Data("\r\n\r\n".utf8)) == nil {
            let (count, stamp) = Self.receive(client, into: &buffer)
            guard count > 0 else {
                close(client)
                return
            }
            if arrival == nil {
                arrival = stamp ?? Self.realNow()
                stampedByKernel = stamp != nil
            }
            received.append(contentsOf: buffer[0..<count])
        }
        let line = String(decoding: received.prefix { $0 != 0x0D }, as: UTF8.self).split(separator: " ")
        let target = line.count > 1 ? String(line[1]) : "/"
        let components = URLComponents(string: "http://127.0.0.1\(target)")
        var query: [String: String] = [:]
        for item in components?.queryItems ?? [] { query[item.name] = item.value ?? "" }
        var headers: [String: String] = [:]
        let head = String(decoding: received, as: UTF8.self).components(separatedBy: "\r\n\r\n")[0]
        for field in head.components(separatedBy: "\r\n").dropFirst() {
            guard let colon = field.firstIndex(of: ":") else { continue }
            headers[field[..<colon].lowercased()] = field[field.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        var request = Request(
            path: components?.path ?? target, query: query, headers: headers, arrival: arrival ?? Self.realNow(),
            stampedByKernel: stampedByKernel)
        request.method = line.first.map(String.init) ?? "GET"
        if let length = headers["content-length"].flatMap(Int.init), length > 0,
            let end = received.range(of: Data("\r\n\r\n".utf8))?.upperBound
        {
            var body = Data(received[end...])
            while body.count < min(length, 1 << 20) {
                let (count, _) = Self.receive(client, into: &buffer)
                guard count > 0 else { break }
                body.append(contentsOf: buffer[0..<count])
            }
            request.body = body.prefix(length)
        }
        log.withLock { $0.append(request) }

        let reply = handler(request)
        if reply.delay > 0 { usleep(UInt32(reply.delay * 1_000_000)) }
        switch reply.behaviour {
        case .reset:
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
            setsockopt(client, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        case .hang(let seconds):
            usleep(UInt32(min(seconds, 30) * 1_000_000))
        case .answer, .answerWithoutLength:
            let length = if case .answer = reply.behaviour { "Content-Length: \(reply.body.count)\r\n" } else { "" }
            var head = "HTTP/1.1 \(reply.status) Status\r\n\(length)Connection: close\r\n"
            for (name, value) in reply.headers { head += "\(name): \(value)\r\n" }
            head += "\r\n"
            if send(client: client, Data(head.utf8)) {
                _ = send(client: client, reply.body)
            }
        }
        close(client)
    }

    /// `SO_TIMESTAMPNS` (the `_OLD` value Linux keeps for 64-bit `time_t`; Glibc's macro for it
    /// does not import into Swift). Its control message has the same type number.
    static let timestampOption: Int32 = 35

    static func realNow() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// `recvmsg` with the kernel's (real-time) receive time of the data.
    static func receive(_ socket: Int32, into buffer: inout [UInt8]) -> (count: Int, arrival: Double?) {
        var control = [UInt8](repeating: 0, count: 128)
        let count = buffer.withUnsafeMutableBytes { bytes in
            control.withUnsafeMutableBytes { controlBytes in
                var vector = iovec(iov_base: bytes.baseAddress, iov_len: bytes.count)
                return withUnsafeMutablePointer(to: &vector) { vectorPointer in
                    var message = msghdr()
                    message.msg_iov = vectorPointer
                    message.msg_iovlen = 1
                    message.msg_control = controlBytes.baseAddress
                    message.msg_controllen = controlBytes.count
                    let count = recvmsg(socket, &message, 0)
                    return (count, message.msg_controllen)
                }
            }
        }
        guard count.0 > 0 else { return (count.0, nil) }
        // Walk the control messages: each is a cmsghdr, then its data, padded to a word.
        let header = MemoryLayout<cmsghdr>.size
        let word = MemoryLayout<Int>.size
        var offset = 0
        while offset + header <= count.1 {
            let (length, level, type) = control.withUnsafeBytes { raw -> (Int, Int32, Int32) in
                let message = raw.loadUnaligned(fromByteOffset: offset, as: cmsghdr.self)
                return (Int(message.cmsg_len), message.cmsg_level, message.cmsg_type)
            }
            guard length >= header else { break }
            if level == SOL_SOCKET, type == timestampOption, length >= header + MemoryLayout<timespec>.size {
                let stamp = control.withUnsafeBytes {
                    $0.loadUnaligned(fromByteOffset: offset + header, as: timespec.self)
                }
                return (count.0, Double(stamp.tv_sec) + Double(stamp.tv_nsec) / 1e9)
            }
            offset += (length + word - 1) / word * word
        }
        return (count.0, nil)
    }

    /// Sends all of `data`; `false` once the peer has gone (no SIGPIPE).
    private func send(client: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = Glibc.send(
                    client, raw.baseAddress! + offset, min(65536, raw.count - offset), Int32(MSG_NOSIGNAL))
                if sent <= 0 { return false }
                offset += sent
            }
            return true
        }
    }
}
