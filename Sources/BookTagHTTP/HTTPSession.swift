import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// booktag's HTTP client, in a library of its own so that FoundationNetworking (and libcurl with
// its dozens of dependencies) is loaded only by commands that go online: booktag loads this
// library on first use. It speaks a plain C interface, so no Swift type crosses the boundary.

/// Outcome codes passed to the completion callback.
enum OutcomeCode: Int32 {
    case response = 0, timedOut = 1, connectionLost = 2, cannotReach = 3, bodyTooLarge = 4, unsafeRedirect = 5,
        cancelled = 6, other = 7
}

/// Called once per request: `code` (an `OutcomeCode`), the status, headers as
/// "name: value\n" lines, the body, and a message (the redirect target or error text).
public typealias BookTagHTTPCompletion = @convention(c) (
    _ context: UnsafeMutableRawPointer?, _ code: Int32, _ status: Int32, _ headers: UnsafePointer<CChar>?,
    _ body: UnsafePointer<UInt8>?, _ bodyLength: Int, _ message: UnsafePointer<CChar>?
) -> Void

/// Starts a GET; returns a handle for `booktag_http_cancel`.
@_cdecl("booktag_http_get")
public func booktagHTTPGet(
    _ url: UnsafePointer<CChar>, _ timeout: Double, _ maximumBodySize: Int, _ userAgent: UnsafePointer<CChar>,
    _ context: UnsafeMutableRawPointer?, _ completion: BookTagHTTPCompletion
) -> Int {
    HTTPSession.shared(userAgent: String(cString: userAgent)).start(
        url: String(cString: url), timeout: timeout, maximumBodySize: maximumBodySize, context: context, completion: completion)
}

/// Creates the session ahead of the first request, so that its set-up cost does not fall
/// between a throttled request's reserved start and its departure.
@_cdecl("booktag_http_prepare")
public func booktagHTTPPrepare(_ userAgent: UnsafePointer<CChar>) {
    _ = HTTPSession.shared(userAgent: String(cString: userAgent))
}

@_cdecl("booktag_http_cancel")
public func booktagHTTPCancel(_ handle: Int) {
    HTTPSession.cancel(handle)
}

final class HTTPSession: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct Transfer {
        var task: URLSessionTask
        var maximumBodySize: Int
        var context: UnsafeMutableRawPointer?
        var completion: BookTagHTTPCompletion
        var body = Data()
        var failure: (OutcomeCode, String)?
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var session: HTTPSession?

    static func shared(userAgent: String) -> HTTPSession {
        lock.withLock {
            if let session { return session }
            let created = HTTPSession(userAgent: userAgent)
            session = created
            return created
        }
    }

    static func cancel(_ handle: Int) {
        lock.withLock { session }?.cancel(handle)
    }

    private var urlSession: URLSession!
    private let lock = NSLock()
    private var transfers: [Int: Transfer] = [:]

    private init(userAgent: String) {
        super.init()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpAdditionalHeaders = ["User-Agent": userAgent]
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.timeoutIntervalForResource = 120
        urlSession = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    }

    func start(url: String, timeout: Double, maximumBodySize: Int, context: UnsafeMutableRawPointer?, completion: BookTagHTTPCompletion) -> Int {
        guard let address = URL(string: url) else {
            "not a valid address".withCString { completion(context, OutcomeCode.other.rawValue, 0, nil, nil, 0, $0) }
            return 0
        }
        var request = URLRequest(url: address, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = "GET"
        let task = urlSession.dataTask(with: request)
        lock.withLock { transfers[task.taskIdentifier] = Transfer(task: task, maximumBodySize: maximumBodySize, context: context, completion: completion) }
        task.resume()
        return task.taskIdentifier
    }

    func cancel(_ handle: Int) {
        lock.withLock { transfers[handle]?.task }?.cancel()
    }

    private func fail(_ task: URLSessionTask, _ code: OutcomeCode, _ message: String, cancel: Bool = true) {
        lock.withLock { transfers[task.taskIdentifier]?.failure = (code, message) }
        if cancel { task.cancel() }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse, completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        let limit = lock.withLock { transfers[dataTask.taskIdentifier]?.maximumBodySize } ?? Int.max
        if response.expectedContentLength > Int64(limit) {
            fail(dataTask, .bodyTooLarge, "")
            completionHandler(.cancel)
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let tooLarge = lock.withLock { () -> Bool in
            guard var transfer = transfers[dataTask.taskIdentifier], transfer.failure == nil else { return false }
            if transfer.body.count + data.count > transfer.maximumBodySize { return true }
            transfer.body.append(data)
            transfers[dataTask.taskIdentifier] = transfer
            return false
        }
        if tooLarge { fail(dataTask, .bodyTooLarge, "") }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        // FoundationNetworking rewrites some foreign schemes into a request to the same host, so
        // the Location header itself is checked too: only http and https are followed.
        let location = response.allHeaderFields.first { String(describing: $0.key).lowercased() == "location" }.map { String(describing: $0.value) }
        let named = location.flatMap { URL(string: $0, relativeTo: task.originalRequest?.url) }
        for url in [request.url, named] {
            let scheme = url?.scheme?.lowercased()
            guard scheme == "http" || scheme == "https" else {
                // Declining (nil) ends the task with the redirect response; cancelling here would
                // trip FoundationNetworking, so the failure is only recorded.
                fail(task, .unsafeRedirect, url?.absoluteString ?? location ?? "an unknown address", cancel: false)
                completionHandler(nil)
                return
            }
        }
        completionHandler(request)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = lock.withLock({ transfers.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let (code, message) = transfer.failure {
            message.withCString { transfer.completion(transfer.context, code.rawValue, 0, nil, nil, 0, $0) }
            return
        }
        if let error {
            let code: OutcomeCode
            switch (error as? URLError)?.code {
            case .cancelled?: code = .cancelled
            case .timedOut?: code = .timedOut
            case .networkConnectionLost?, .badServerResponse?: code = .connectionLost
            case .cannotFindHost?, .cannotConnectToHost?, .notConnectedToInternet?, .dnsLookupFailed?, .internationalRoamingOff?: code = .cannotReach
            default: code = .other
            }
            error.localizedDescription.withCString { transfer.completion(transfer.context, code.rawValue, 0, nil, nil, 0, $0) }
            return
        }
        guard let response = task.response as? HTTPURLResponse else {
            "no HTTP response".withCString { transfer.completion(transfer.context, OutcomeCode.other.rawValue, 0, nil, nil, 0, $0) }
            return
        }
        let headers = response.allHeaderFields.map { "\(String(describing: $0.key)): \(String(describing: $0.value))" }.joined(separator: "\n")
        headers.withCString { headerText in
            transfer.body.withUnsafeBytes { raw in
                transfer.completion(transfer.context, OutcomeCode.response.rawValue, Int32(response.statusCode), headerText,
                                    raw.baseAddress?.assumingMemoryBound(to: UInt8.self), raw.count, nil)
            }
        }
    }
}
