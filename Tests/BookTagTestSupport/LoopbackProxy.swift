import BookTag
import Foundation

/// An HTTP proxy on 127.0.0.1 for tests: it answers `CONNECT host:port` by opening a tunnel to
/// that address (loopback targets only) and logs each target and `Proxy-Authorization`.
public final class LoopbackProxy: @unchecked Sendable {
    public struct Tunnel: Sendable, Equatable {
        public let target: String
        public let authorization: String?
    }

    private let listener: LoopbackListener
    private let log = Locked<[Tunnel]>([])

    public init() throws {
        listener = try LoopbackListener()
        listener.start { [self] client in serve(client) }
    }

    public var port: UInt16 { listener.port }

    deinit { stop() }

    /// `http://127.0.0.1:PORT`, as `http_proxy` takes it.
    public var address: String { "http://127.0.0.1:\(port)" }

    public var tunnels: [Tunnel] { log.withLock { $0 } }

    public func stop() {
        listener.stop()
    }

    private func serve(_ client: Int32) {
        var received = [UInt8]()
        var byte: UInt8 = 0
        while received.count < 8192, !received.ends(with: Array("\r\n\r\n".utf8)) {
            guard recv(client, &byte, 1, 0) == 1 else {
                close(client)
                return
            }
            received.append(byte)
        }
        let lines = String(decoding: received, as: UTF8.self).components(separatedBy: "\r\n")
        let words = lines[0].split(separator: " ")
        let authorization = lines.dropFirst().first { $0.lowercased().hasPrefix("proxy-authorization:") }
            .map { String($0.drop { $0 != ":" }.dropFirst()).trimmingCharacters(in: .whitespaces) }
        guard words.count >= 2, words[0] == "CONNECT", let colon = words[1].lastIndex(of: ":"),
            words[1][..<colon] == "127.0.0.1", let targetPort = UInt16(words[1][words[1].index(after: colon)...])
        else {
            _ = send(
                client, Array("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n".utf8), 47, Int32(MSG_NOSIGNAL))
            close(client)
            return
        }
        log.withLock { $0.append(Tunnel(target: String(words[1]), authorization: authorization)) }
        let upstream = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = targetPort.bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(upstream)
            close(client)
            return
        }
        let established = Array("HTTP/1.1 200 Connection established\r\n\r\n".utf8)
        _ = send(client, established, established.count, Int32(MSG_NOSIGNAL))
        let done = DispatchGroup()
        for (from, to) in [(client, upstream), (upstream, client)] {
            done.enter()
            Thread {
                Self.pipe(from: from, to: to)
                done.leave()
            }.start()
        }
        done.wait()
        close(upstream)
        close(client)
    }

    /// Copies bytes until either side closes, then shuts the other down.
    private static func pipe(from source: Int32, to destination: Int32) {
        var buffer = [UInt8](repeating: 0, count: 16384)
        while true {
            let count = recv(source, &buffer, buffer.count, 0)
            guard count > 0, send(destination, buffer, count, Int32(MSG_NOSIGNAL)) == count else { break }
        }
        shutdown(destination, Int32(SHUT_WR))
        shutdown(source, Int32(SHUT_RD))
    }
}

extension Array where Element: Equatable {
    fileprivate func ends(with suffix: [Element]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
