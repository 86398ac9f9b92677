import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// HTTP over Foundation's URLSession: a per-request timeout, redirects only to http(s), a
/// User-Agent naming booktag, and a body cap enforced while the body arrives (a 20 MiB answer
/// is cut off at the cap, never buffered whole). No cookies, no cache.
public final class URLSessionTransport: HTTPTransport {
    /// Bodies larger than this are refused.
    public static let maximumBodySize = 10 * 1024 * 1024

    private let session: URLSession
    private let delegate: Delegate

    public init(maximumBodySize: Int = URLSessionTransport.maximumBodySize, userAgent: String = "booktag/\(BookTagVersion.current) (+https://github.com/booktag)") {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpAdditionalHeaders = ["User-Agent": userAgent]
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.timeoutIntervalForResource = 120
        delegate = Delegate(maximumBodySize: maximumBodySize)
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit {
        session.invalidateAndCancel()
    }

    public func get(_ request: HTTPRequest) async throws -> HTTPResponse {
        // The deadline is enforced here: FoundationNetworking on Linux does not always honour
        // URLRequest.timeoutInterval. Whichever finishes first wins; the other is cancelled.
        try await withThrowingTaskGroup(of: HTTPResponse.self) { group in
            group.addTask { try await self.perform(request) }
            group.addTask {
                try await Task.sleep(nanoseconds: UInt64(max(0.001, request.timeout) * 1e9))
                throw FetchError.timedOut(host: request.url.host ?? "the server")
            }
            defer { group.cancelAll() }
            return try await group.next()!
        }
    }

    private func perform(_ request: HTTPRequest) async throws -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: request.timeout)
        urlRequest.httpMethod = "GET"
        let task = session.dataTask(with: urlRequest)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                delegate.register(task, continuation: continuation)
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }

    /// Collects each task's body and turns its end into a response or a `FetchError`.
    private final class Delegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        private struct Transfer {
            var continuation: CheckedContinuation<HTTPResponse, any Error>
            var body = Data()
            var failure: FetchError?
        }

        private let maximumBodySize: Int
        private let lock = NSLock()
        private var transfers: [Int: Transfer] = [:]

        init(maximumBodySize: Int) {
            self.maximumBodySize = maximumBodySize
        }

        func register(_ task: URLSessionTask, continuation: CheckedContinuation<HTTPResponse, any Error>) {
            lock.withLock { transfers[task.taskIdentifier] = Transfer(continuation: continuation) }
        }

        private func fail(_ task: URLSessionTask, _ failure: FetchError, cancel: Bool = true) {
            lock.withLock { transfers[task.taskIdentifier]?.failure = failure }
            if cancel { task.cancel() }
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse, completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
            if response.expectedContentLength > Int64(maximumBodySize) {
                fail(dataTask, .bodyTooLarge(host: dataTask.originalRequest?.url?.host ?? "the server", limit: maximumBodySize))
                completionHandler(.cancel)
                return
            }
            completionHandler(.allow)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            let tooLarge = lock.withLock { () -> Bool in
                guard var transfer = transfers[dataTask.taskIdentifier], transfer.failure == nil else { return false }
                if transfer.body.count + data.count > maximumBodySize { return true }
                transfer.body.append(data)
                transfers[dataTask.taskIdentifier] = transfer
                return false
            }
            if tooLarge {
                fail(dataTask, .bodyTooLarge(host: dataTask.originalRequest?.url?.host ?? "the server", limit: maximumBodySize))
            }
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
            // FoundationNetworking rewrites some foreign schemes into a request to the same host,
            // so the Location header itself is checked too: only http and https are followed.
            let location = response.allHeaderFields.first { String(describing: $0.key).lowercased() == "location" }
                .map { String(describing: $0.value) }
            let named = location.flatMap { URL(string: $0, relativeTo: task.originalRequest?.url) }
            for url in [request.url, named] {
                let scheme = url?.scheme?.lowercased()
                guard scheme == "http" || scheme == "https" else {
                    // Declining (nil) ends the task with the redirect response; cancelling here
                    // would trip FoundationNetworking, so the failure is only recorded.
                    fail(task, .unsafeRedirect(to: url?.redactingAPIKey ?? location ?? "an unknown address"), cancel: false)
                    completionHandler(nil)
                    return
                }
            }
            completionHandler(request)
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            guard let transfer = lock.withLock({ transfers.removeValue(forKey: task.taskIdentifier) }) else { return }
            let host = task.originalRequest?.url?.host ?? "the server"
            if let failure = transfer.failure {
                transfer.continuation.resume(throwing: failure)
            } else if let error {
                transfer.continuation.resume(throwing: Self.map(error, host: host))
            } else if let response = task.response as? HTTPURLResponse {
                var headers: [String: String] = [:]
                for (name, value) in response.allHeaderFields {
                    headers[String(describing: name).lowercased()] = String(describing: value)
                }
                transfer.continuation.resume(returning: HTTPResponse(status: response.statusCode, headers: headers, body: transfer.body))
            } else {
                transfer.continuation.resume(throwing: FetchError.other("\(host) sent no HTTP response"))
            }
        }

        private static func map(_ error: any Error, host: String) -> any Error {
            guard let urlError = error as? URLError else { return FetchError.other("\(host): \(error.localizedDescription)") }
            switch urlError.code {
            case .cancelled:
                return CancellationError()
            case .timedOut:
                return FetchError.timedOut(host: host)
            case .networkConnectionLost, .badServerResponse:
                return FetchError.connectionLost(host: host)
            case .cannotFindHost, .cannotConnectToHost, .notConnectedToInternet, .dnsLookupFailed, .internationalRoamingOff:
                return FetchError.cannotReach(host: host)
            case .unsupportedURL, .badURL:
                return FetchError.other("cannot request \(host): unsupported address")
            default:
                return FetchError.other("\(host): \(urlError.localizedDescription)")
            }
        }
    }
}
