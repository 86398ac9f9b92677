import AsyncHTTPClient
import BookTag
import Foundation
import NIOCore
import NIOHTTP1

/// Collects one response for `HTTPClientTransport`: tells the throttle when the request's head
/// has been written, and refuses a body over the cap as soon as its declared length or the
/// bytes received pass it. AsyncHTTPClient calls it on one event loop only.
final class ResponseCollector: HTTPClientResponseDelegate, @unchecked Sendable {
    typealias Response = HTTPResponse

    private let host: String
    private let limit: Int
    private let sent: @Sendable () -> Void
    private var status = 0
    private var headers: [String: String] = [:]
    private var body = ByteBuffer()

    init(host: String, limit: Int, sent: @escaping @Sendable () -> Void) {
        self.host = host
        self.limit = limit
        self.sent = sent
    }

    /// AsyncHTTPClient reports the head as sent once it has handed it to the channel. On a
    /// connection that has only just connected, the bytes reach the socket later in the same
    /// event-loop turn (seen with strace: the callback, then the `write`). The task and its
    /// channel share one loop (`HTTPClientTransport` asks for that), so a job queued on it runs
    /// after that turn: the throttle hears of the request only once it has left.
    func didSendRequestHead(task: HTTPClient.Task<HTTPResponse>, _ head: HTTPRequestHead) {
        task.eventLoop.execute { [sent] in sent() }
    }

    func didReceiveHead(task: HTTPClient.Task<HTTPResponse>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        status = Int(head.status.code)
        for (name, value) in head.headers where headers[name.lowercased()] == nil {
            headers[name.lowercased()] = value
        }
        if let length = head.headers.first(name: "content-length").flatMap(Int.init), length >= 0 {
            if length > limit {
                return task.eventLoop.makeFailedFuture(FetchError.bodyTooLarge(host: host, limit: limit))
            }
            // The declared size at once (grown by doubling, a 258 KB cover held 512 KB until
            // copied out, eight downloads at a time), up to 1 MiB: a length declared but never
            // sent reserves no more than that.
            body = ByteBufferAllocator().buffer(capacity: min(length, 1 << 20))
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<HTTPResponse>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        guard body.readableBytes + buffer.readableBytes <= limit else {
            return task.eventLoop.makeFailedFuture(FetchError.bodyTooLarge(host: host, limit: limit))
        }
        var buffer = buffer
        body.writeBuffer(&buffer)
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didFinishRequest(task: HTTPClient.Task<HTTPResponse>) throws -> HTTPResponse {
        defer { body = ByteBuffer() }  // released now, not when AsyncHTTPClient lets go of the delegate
        return HTTPResponse(status: status, headers: headers, body: Data(body.readableBytesView))
    }
}
