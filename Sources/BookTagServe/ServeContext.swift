import BookTag
import Hummingbird
import NIOCore

/// The context of one request to `serve`: Hummingbird's, with bodies capped, decoded by their
/// content type, and whether the token came as a bearer (the same-origin rule skips those).
struct ServeContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The request carried the token in `Authorization: Bearer`, as scripts send it.
    var bearer = false
    /// Set by `APIMiddleware`: the request is the API's, so its body is JSON and errors are too.
    var answersInJSON = false
    /// Set by `PlacingRouter`: where the browser sees this server (a proxy's prefix and origin).
    var publicAddress = PublicAddress()
    /// Set by `PlacingRouter` when a trusted proxy's headers are malformed: the request's answer.
    var misplaced: ServeError?
    /// Set by `ResponseMiddleware`: the words of the language the page is in.
    var words = Words.english
    /// Set by `DeviceMiddleware`: the e-reader that signed in.
    var device: DeviceRegistry.Signed?
    /// The connection's peer: a proxy's `X-Forwarded-*` headers count only from a trusted one.
    let peer: String?

    init(source: Source) {
        coreContext = .init(source: source)
        peer = source.channel.remoteAddress?.ipAddress
    }

    /// Bodies are forms and small JSON documents: anything larger is refused (413).
    static let maximumBody = 64 * 1024
    var maxUploadSize: Int { Self.maximumBody }

    var requestDecoder: ServeRequestDecoder { ServeRequestDecoder(json: answersInJSON) }
}
