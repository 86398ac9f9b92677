import Foundation

/// Downloads covers and decides whether they are real: an image of a known format, at least
/// 10 pixels each way. Cover downloads are not API calls: they are neither throttled nor
/// parsed as XML.
public struct CoverDownloader: Sendable {
    /// Smaller than this either way, an image is a stand-in (Goodreads sometimes serves a 1×1 GIF).
    public static let minimumSide = 10

    /// Where downloads go.
    public var transport: any HTTPTransport
    /// Seconds without an answer before a download fails.
    public var timeout: Double
    /// Headers for covers of one server only (a reader's own server asks for its token): they
    /// go with a download from exactly that scheme, host and port, never anywhere else, and a
    /// redirect is a new request without them.
    public var credentials: (server: URL, headers: [String: String])?

    /// A downloader over `transport`.
    public init(transport: any HTTPTransport, timeout: Double = 20) {
        self.transport = transport
        self.timeout = timeout
    }

    /// Why a search result has no usable cover.
    public enum Failure: Error, Equatable, Sendable {
        /// The source's "no cover" image.
        case placeholder
        /// The download failed (network, address), with why.
        case download(String)
        /// The server answered with this HTTP status instead of an image.
        case status(Int)
        /// The bytes are not an image of a known format.
        case notAnImage
        /// An image smaller than ``CoverDownloader/minimumSide`` either way.
        case standIn(width: Int, height: Int)

        /// One line for `--verbose`.
        public var reason: String {
            switch self {
            case .placeholder: "no cover (placeholder image)"
            case .download(let message): "cover download failed: \(message)"
            case .status(let status): "cover download failed: HTTP \(status)"
            case .notAnImage: "the cover is not an image"
            case .standIn(let width, let height): "the cover is a \(width)×\(height) stand-in"
            }
        }
    }

    /// The cover of `work`: the larger variant when it is a real image, else the URL as given.
    public func cover(of work: SearchWork) async throws -> Result<Data, Failure> {
        try await cover(imageURL: work.imageURL)
    }

    /// The cover at a Goodreads image URL (a search result's or a book's), as above.
    public func cover(imageURL: String?) async throws -> Result<Data, Failure> {
        guard let url = imageURL, !CoverURL.isPlaceholder(url) else { return .failure(.placeholder) }
        var failure = Failure.download("no usable address")
        for candidate in CoverURL.downloadCandidates(for: url) {
            switch try await download(candidate) {
            case .success(let data): return .success(data)
            case .failure(let why): failure = why
            }
        }
        return .failure(failure)
    }

    /// The image at one address, checked as above; no other address is tried.
    public func download(_ candidate: String) async throws -> Result<Data, Failure> {
        guard let address = URL(string: candidate), ["http", "https"].contains(address.scheme?.lowercased() ?? "")
        else { return .failure(.download("not an http(s) address")) }
        try Task.checkCancellation()
        let response: HTTPResponse
        do {
            response = try await transport.send(
                HTTPRequest(url: address, kind: .cover, timeout: timeout, headers: headers(for: address)))
        } catch let error as FetchError {
            return .failure(.download(error.localizedDescription))
        }
        guard (200..<300).contains(response.status) else { return .failure(.status(response.status)) }
        guard let info = ImageInfo(response.body) else { return .failure(.notAnImage) }
        guard info.width >= Self.minimumSide, info.height >= Self.minimumSide else {
            return .failure(.standIn(width: info.width, height: info.height))
        }
        return .success(response.body)
    }

    private func headers(for address: URL) -> [String: String] {
        guard let credentials, address.scheme == credentials.server.scheme,
            address.host?.lowercased() == credentials.server.host?.lowercased(), address.port == credentials.server.port
        else { return [:] }
        return credentials.headers
    }
}
