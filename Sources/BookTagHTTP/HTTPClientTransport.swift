import AsyncHTTPClient
import BookTag
import Foundation
import NIOCore
import NIOHTTP1

/// HTTP over AsyncHTTPClient: a deadline for each request, cancellation that answers at once,
/// a body cap enforced while the body arrives (a 20 MiB answer is cut off at the cap, never
/// buffered whole), a User-Agent naming booktag, proxies as curl users set them, no cookies and
/// no cache, so nothing is written anywhere.
///
/// One transport serves a whole run: its connections are pooled, and `shutdown()` closes them.
/// Cover downloads follow redirects to http(s); API requests return them (see `HTTPTransport`).
public final class HTTPClientTransport: HTTPTransport {
    /// Bodies larger than this are refused.
    public static let maximumBodySize = 10 * 1024 * 1024

    private let maximumBodySize: Int
    private let userAgent: String
    private let proxies: ProxySettings
    /// One client for direct connections and one for each proxy in use, made when first needed.
    private let clients = Locked<(byProxy: [ProxySettings.Server?: HTTPClient], isShutDown: Bool)>(([:], false))

    /// A transport with its own AsyncHTTPClient; ``shutdown()`` it when done.
    public init(
        maximumBodySize: Int = HTTPClientTransport.maximumBodySize,
        userAgent: String = "booktag/\(BookTagVersion.current)",
        proxies: ProxySettings = ProxySettings()
    ) {
        self.maximumBodySize = maximumBodySize
        self.userAgent = userAgent
        self.proxies = proxies
    }

    /// A transport using the proxies the environment names (see `ProxySettings`).
    public convenience init(environment: [String: String], userAgent: String = "booktag/\(BookTagVersion.current)")
        throws(FetchError)
    {
        self.init(userAgent: userAgent, proxies: try ProxySettings(environment: environment))
    }

    deinit {
        // Normally shut down by its owner; this only keeps a forgotten transport from leaking.
        for client in clients.withLock({ $0.isShutDown ? [] : Array($0.byProxy.values) }) {
            client.shutdown { _ in }
        }
    }

    /// Closes every connection. The transport answers no request after this.
    public func shutdown() async {
        let open = clients.withLock { state -> [HTTPClient] in
            state.isShutDown = true
            defer { state.byProxy = [:] }
            return Array(state.byProxy.values)
        }
        for client in open { try? await client.shutdown() }
    }

    public func send(_ request: HTTPRequest, sent: @escaping @Sendable () -> Void) async throws -> HTTPResponse {
        let allowed: Duration = .milliseconds(Int64(max(1, request.timeout * 1000)))
        let deadline = ContinuousClock.now.advanced(by: allowed)
        var url = request.url
        var hops = 0
        while true {
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { throw FetchError.timedOut(host: request.url.host ?? "the server") }
            // Only the first hop is the request the caller's throttle turn is for.
            var notify: @Sendable () -> Void = {}
            if hops == 0 { notify = sent }
            // A redirected cover is a GET of its new address; an API request's redirect is returned.
            let hop = hops == 0 ? request : HTTPRequest(url: url, kind: request.kind, timeout: request.timeout)
            let response: HTTPResponse = try await exchange(hop, within: remaining, sent: notify)
            guard request.kind == .cover, let target = try HTTPRedirect.target(of: response, from: url) else {
                return response
            }
            hops += 1
            guard hops <= HTTPRedirect.maximumHops else {
                throw FetchError.tooManyRedirects(host: request.url.host ?? "the server")
            }
            url = target
        }
    }

    /// One exchange, no redirects followed.
    private func exchange(_ asked: HTTPRequest, within time: Duration, sent: @escaping @Sendable () -> Void)
        async throws -> HTTPResponse
    {
        let url = asked.url
        let host = url.host ?? "the server"
        let request: HTTPClient.Request
        do {
            var headers: HTTPHeaders = ["User-Agent": userAgent, "Accept": "*/*"]
            for (name, value) in asked.headers { headers.replaceOrAdd(name: name, value: value) }
            request = try HTTPClient.Request(
                url: url, method: HTTPMethod(rawValue: asked.method), headers: headers,
                body: asked.body.map { .byteBuffer(ByteBuffer(bytes: $0)) })
        } catch {
            throw FetchError.other("cannot request \(url.redactingAPIKey): \(error)")
        }
        let client = try httpClient(for: url)
        let collector = ResponseCollector(host: host, limit: maximumBodySize, sent: sent)
        let nanoseconds = time.components.seconds * 1_000_000_000 + time.components.attoseconds / 1_000_000_000
        // The delegate on the channel's own loop: see `ResponseCollector.didSendRequestHead`.
        let loop = client.eventLoopGroup.next()
        let task = client.execute(
            request: request, delegate: collector, eventLoop: .delegateAndChannel(on: loop),
            deadline: .now() + .nanoseconds(nanoseconds))
        return try await withTaskCancellationHandler {
            do {
                return try await task.futureResult.get()
            } catch {
                throw Self.fetchError(error, host: host)
            }
        } onCancel: {
            task.cancel()
        }
    }

    private func httpClient(for url: URL) throws -> HTTPClient {
        let proxy = proxies.server(for: url)
        return try clients.withLock { state in
            guard !state.isShutDown else { throw FetchError.other("the network transport was shut down") }
            if let client = state.byProxy[proxy] { return client }
            var configuration = HTTPClient.Configuration(
                redirectConfiguration: .disallow,
                timeout: .init(connect: .seconds(10)),
                proxy: proxy.map(Self.proxy),
                decompression: .disabled)
            // One request per connection at a time, so a request's head is written when it is sent.
            configuration.httpVersion = .http1Only
            // A name that does not resolve or a refused connection fails at once (offline: an
            // answer in about a second, not after the connect timeout); APICaller tries once more.
            configuration.connectionPool.retryConnectionEstablishment = false
            let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
            state.byProxy[proxy] = client
            return client
        }
    }

    private static func proxy(_ server: ProxySettings.Server) -> HTTPClient.Configuration.Proxy {
        switch server.kind {
        case .socks5:
            return .socksServer(host: server.host, port: server.port)
        case .http:
            guard let user = server.user else { return .server(host: server.host, port: server.port) }
            return .server(
                host: server.host, port: server.port,
                authorization: .basic(username: user, password: server.password ?? ""))
        }
    }

    /// What went wrong, in booktag's terms.
    static func fetchError(_ error: any Error, host: String) -> any Error {
        if let fetchError = error as? FetchError { return fetchError }
        if error is CancellationError { return error }
        if let clientError = error as? HTTPClientError {
            switch clientError {
            case .cancelled: return CancellationError()
            case .deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout, .socksHandshakeTimeout,
                .httpProxyHandshakeTimeout, .tlsHandshakeTimeout:
                return FetchError.timedOut(host: host)
            case .remoteConnectionClosed, .bodyLengthMismatch, .invalidProxyResponse, .proxyAuthenticationRequired:
                return FetchError.connectionLost(host: host)
            default:
                return FetchError.other("\(host): \(clientError)")
            }
        }
        if let channelError = error as? ChannelError,
            channelError == .connectTimeout(.zero) || "\(channelError)".hasPrefix("connectTimeout")
        {
            return FetchError.timedOut(host: host)
        }
        if let ioError = error as? IOError {
            switch ioError.errnoCode {
            case ECONNRESET, EPIPE, ECONNABORTED: return FetchError.connectionLost(host: host)
            case ETIMEDOUT: return FetchError.timedOut(host: host)
            default: return FetchError.cannotReach(host: host)
            }
        }
        // NIO reports a refused or unresolvable address as a connection error naming each
        // address it tried; whatever its type, nothing reached the server.
        let described = String(describing: error)
        if described.contains("NIOConnectionError") || described.contains("connectionRefused")
            || described.contains("ECONNREFUSED")
            || described.contains("SocketAddressError") || described.contains("unknown host")
        {
            return FetchError.cannotReach(host: host)
        }
        if error is HTTPParserError { return FetchError.connectionLost(host: host) }
        return FetchError.other("\(host): \(error)")
    }
}

/// A `Workspace` closes it when its work is done.
extension HTTPClientTransport: NetworkTransport {}
