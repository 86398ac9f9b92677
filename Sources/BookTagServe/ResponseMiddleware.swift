import BookTag
import Foundation
import HTTPTypes
import Hummingbird

/// The outermost middleware: every answer gets the security headers and its time inside
/// booktag, and an error no group answered (a page's, a check's, a proxy's malformed headers)
/// becomes an error page, its links under the prefix the browser sees.
struct ResponseMiddleware: RouterMiddleware {
    typealias Context = ServeContext
    let night: @Sendable () -> Bool
    /// The language of the pages for a request: the reader's setting, else the browser's.
    let language: @Sendable (Request) -> Language

    /// No inline script or style, nothing from elsewhere, no framing.
    static let contentSecurityPolicy =
        "default-src 'none'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; "
        + "manifest-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let started = ContinuousClock.now
        var context = context
        context.words = Words(language(request))
        var response: Response
        do {
            if let misplaced = context.misplaced { throw misplaced }
            response = try await next(request, context)
        } catch {
            let refusal = ServeError(error, logging: request, to: context.logger)
            let page = ServePages.errorPage(
                refusal, frame: .init(night: night(), at: context.publicAddress, words: context.words))
            response = try PageAnswer(html: page, status: refusal.status).response(from: request, context: context)
        }
        Self.secure(&response)
        // The time inside booktag (a streamed body's is not in it), for the browser's tools and the benchmark.
        let elapsed = ContinuousClock.now - started
        response.headers[.serverTiming] = String(
            format: "app;dur=%.2f",
            Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
        return response
    }

    /// The headers every answer gets: referrers only to this server (with none at all, a
    /// browser's form posts say `Origin: null`), no caching of what changes, no sniffing.
    static func secure(_ response: inout Response) {
        response.headers[.contentSecurityPolicy] = contentSecurityPolicy
        response.headers[.xContentTypeOptions] = "nosniff"
        if response.headers[.referrerPolicy] == nil { response.headers[.referrerPolicy] = "same-origin" }
        response.headers[.init("X-Frame-Options")!] = "DENY"
        if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-store" }
    }
}

extension HTTPField.Name {
    package static let secFetchSite = Self("Sec-Fetch-Site")!
    static let referer = Self("Referer")!
    static let referrerPolicy = Self("Referrer-Policy")!
    static let serverTiming = Self("Server-Timing")!
}
