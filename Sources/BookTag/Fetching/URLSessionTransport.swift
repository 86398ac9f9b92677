import Foundation

/// HTTP over Foundation's URLSession: a per-request deadline, redirects only to http(s), a
/// User-Agent naming booktag, and a body cap enforced while the body arrives (a 20 MiB answer is
/// cut off at the cap, never buffered whole). No cookies, no cache.
///
/// The URLSession code lives in the `BookTagHTTP` library, which is loaded on the first request:
/// FoundationNetworking and libcurl bring dozens of shared libraries that commands working from
/// the store alone should not pay for at start-up.
public final class URLSessionTransport: HTTPTransport {
    /// Bodies larger than this are refused.
    public static let maximumBodySize = 10 * 1024 * 1024

    private let maximumBodySize: Int
    private let userAgent: String

    /// Loads the network library and sets up the session now, so that this cost is paid before
    /// any request reserves its throttled start rather than after.
    public init(maximumBodySize: Int = URLSessionTransport.maximumBodySize, userAgent: String = "booktag/\(BookTagVersion.current)") {
        self.maximumBodySize = maximumBodySize
        self.userAgent = userAgent
        if let library = try? HTTPLibrary.load() {
            userAgent.withCString { library.prepare($0) }
        }
    }

    public func get(_ request: HTTPRequest) async throws -> HTTPResponse {
        let library = try HTTPLibrary.load()
        let pending = PendingRequest(host: request.url.host ?? "the server")
        // The deadline and cancellation answer the caller at once, whatever the network stack
        // does next: FoundationNetworking on Linux does not always honour
        // URLRequest.timeoutInterval, and can take seconds to act on a cancel. Its late answer
        // finds the request already finished and is dropped.
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                pending.continuation = continuation
                if pending.isCancelled {
                    pending.finish(.failure(CancellationError()))
                    return
                }
                let context = Unmanaged.passRetained(pending).toOpaque()
                let handle = request.url.absoluteString.withCString { url in
                    userAgent.withCString { agent in
                        library.get(url, request.timeout, maximumBodySize, agent, context, completeRequest)
                    }
                }
                pending.handle = handle
                DispatchQueue.global().asyncAfter(deadline: .now() + max(0.001, request.timeout)) {
                    if pending.finish(.failure(FetchError.timedOut(host: pending.host))) { library.cancel(handle) }
                }
            }
        } onCancel: {
            pending.isCancelled = true
            if pending.finish(.failure(CancellationError())), let handle = pending.handle { library.cancel(handle) }
        }
    }
}

/// One request in flight: where its answer goes.
private final class PendingRequest: @unchecked Sendable {
    let host: String
    private let lock = NSLock()
    private var _continuation: CheckedContinuation<HTTPResponse, any Error>?
    private var _handle: Int?
    private var _cancelled = false

    init(host: String) {
        self.host = host
    }

    var continuation: CheckedContinuation<HTTPResponse, any Error>? {
        get { lock.withLock { _continuation } }
        set { lock.withLock { _continuation = newValue } }
    }

    var isCancelled: Bool {
        get { lock.withLock { _cancelled } }
        set { lock.withLock { _cancelled = newValue } }
    }

    var handle: Int? {
        get { lock.withLock { _handle } }
        set { lock.withLock { _handle = newValue } }
    }

    /// Answers the caller, once: the first of the response, the deadline and a cancel wins.
    /// Returns whether this call was the one.
    @discardableResult
    func finish(_ result: Result<HTTPResponse, any Error>) -> Bool {
        let continuation = lock.withLock { () -> CheckedContinuation<HTTPResponse, any Error>? in
            defer { _continuation = nil }
            return _continuation
        }
        continuation?.resume(with: result)
        return continuation != nil
    }
}

/// Receives the library's answer (on its thread) and resumes the waiting request.
private let completeRequest: HTTPLibrary.Completion = { context, code, status, headers, body, length, message in
    guard let context else { return }
    let pending = Unmanaged<PendingRequest>.fromOpaque(context).takeRetainedValue()
    let text = message.map { String(cString: $0) } ?? ""
    switch code {
    case 0:
        var fields: [String: String] = [:]
        for line in (headers.map { String(cString: $0) } ?? "").split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let data = body.map { Data(bytes: $0, count: length) } ?? Data()
        pending.finish(.success(HTTPResponse(status: Int(status), headers: fields, body: data)))
    case 1: pending.finish(.failure(FetchError.timedOut(host: pending.host)))
    case 2: pending.finish(.failure(FetchError.connectionLost(host: pending.host)))
    case 3: pending.finish(.failure(FetchError.cannotReach(host: pending.host)))
    case 4: pending.finish(.failure(FetchError.bodyTooLarge(host: pending.host, limit: URLSessionTransport.maximumBodySize)))
    case 5: pending.finish(.failure(FetchError.unsafeRedirect(to: URL(string: text)?.redactingAPIKey ?? text)))
    case 6: pending.finish(.failure(CancellationError()))
    default: pending.finish(.failure(FetchError.other("\(pending.host): \(text)")))
    }
}
