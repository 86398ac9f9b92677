import Foundation
import HTTPTypes
import Hummingbird

/// The outermost middleware: any route's or check's error becomes `{"error"}` on the API and a
/// page elsewhere, and every answer gets the security headers and its time inside booktag.
struct ResponseMiddleware: RouterMiddleware {
    typealias Context = ServeContext
    let night: @Sendable () -> Bool

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let started = ContinuousClock.now
        var response: Response
        do {
            response = try await next(request, context)
        } catch {
            let refusal = ServeError(error)
            if refusal.status.code >= 500, !(error is CancellationError) {
                context.logger.error("\(request.method) \(request.uri.path): \(refusal.message)")
            }
            response = ServeResponse.error(refusal, api: ServeRoutes.isAPI(request.uri.path), night: night())
        }
        ServeResponse.secure(&response)
        // The time inside booktag (a streamed body's is not in it), for the browser's tools and the benchmark.
        let elapsed = ContinuousClock.now - started
        response.headers[.serverTiming] = String(
            format: "app;dur=%.2f",
            Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
        return response
    }
}

extension HTTPField.Name {
    package static let secFetchSite = Self("Sec-Fetch-Site")!
    static let referer = Self("Referer")!
    static let referrerPolicy = Self("Referrer-Policy")!
    static let serverTiming = Self("Server-Timing")!
}
