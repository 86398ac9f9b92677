import Foundation
import Synchronization

/// A listening TCP socket on 127.0.0.1 and an ephemeral port, for the test servers.
/// A socket listening on 127.0.0.1 and an ephemeral port, for the test servers: each connection
/// it accepts is served on a thread of its own until `stop()`.
final class LoopbackListener: Sendable {
    let socket: Int32
    let port: UInt16
    private let stopped = Atomic<Bool>(false)

    /// `configure` sets options on the listening socket before any connection is accepted.
    init(configure: (Int32) -> Void = { _ in }) throws {
        (socket, port) = try Self.open()
        configure(socket)
    }

    /// Accepts connections on a thread of its own, handing each to `serve` on another.
    func start(_ serve: @escaping @Sendable (Int32) -> Void) {
        Thread { [self] in
            while !stopped.load(ordering: .relaxed) {
                let client = accept(socket, nil, nil)
                guard client >= 0 else {
                    if errno == EINTR { continue }
                    return
                }
                Thread { serve(client) }.start()
            }
        }.start()
    }

    func stop() {
        guard !stopped.exchange(true, ordering: .relaxed) else { return }
        shutdown(socket, Int32(SHUT_RDWR))
        close(socket)
    }

    private static func open() throws -> (socket: Int32, port: UInt16) {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.EIO) }
        var yes: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(socket, 64) == 0 else {
            close(socket)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        return (socket, UInt16(bigEndian: address.sin_port))
    }
}
