import BookTag
import Hummingbird
import Logging

/// A refusal or failure as `serve` answers it: a status and the one line the command line would
/// print (without `error: `), as `{"error"}` on the API and in the page on the pages.
struct ServeError: HTTPResponseError {
    let status: HTTPResponse.Status
    let message: String

    init(_ status: HTTPResponse.Status, _ message: String) {
        self.status = status
        self.message = message
    }

    /// booktag's own errors keep their words; the status follows the command line's exit class.
    init(_ error: any Error) {
        switch error {
        case let error as ServeError:
            self = error
        case let error as HTTPError:
            self.init(error.status, error.body ?? error.status.reasonPhrase)
        case let error as any HTTPResponseError where error.status == .contentTooLarge:
            self.init(.contentTooLarge, "the request body is too large: at most \(ServeContext.maximumBody / 1024) KiB")
        case let error as any HTTPResponseError:
            self.init(error.status, error.status.reasonPhrase)
        case is CancellationError:
            self.init(.serviceUnavailable, "stopped: the server is shutting down; nothing was changed")
        default:
            // booktag's own classes, as the command line's exit statuses are chosen.
            let failure = BookTagFailure(classifying: error)
            let status: HTTPResponse.Status =
                switch failure.kind {
                case .usage, .data: .badRequest
                case .notFound: .notFound
                case .network, .api: .badGateway
                case .interrupted: .serviceUnavailable
                case .store, .config: .internalServerError
                }
            self.init(status, failure.message + (failure.advice?.formWords ?? ""))
        }
    }

    /// As an error is answered, with a failure of booktag's own (5xx) in the server's log.
    init(_ error: any Error, logging request: Request, to logger: Logger) {
        self.init(error)
        if status.code >= 500, !(error is CancellationError) {
            logger.error("\(request.method) \(request.uri.path): \(message)")
        }
    }

    /// As the API answers it; a page's group answers with a page before this is asked.
    func response(from request: Request, context: some RequestContext) throws -> Response {
        try JSONAnswer(["error": message], status: status).response(from: request, context: context)
    }

    static func message(for error: any Error) -> String { ServeError(error).message }

    static func notFound(_ what: String) -> ServeError { ServeError(.notFound, what) }
}
