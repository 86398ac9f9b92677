import Foundation

/// What Hardcover refused, in words that say what to do.
public enum HardcoverError: BookTagError, Equatable {
    /// No token is configured.
    case noToken(file: String)
    /// The token is missing, expired or wrong (401, `invalid_token`, a malformed header, or a
    /// token that names no user).
    case tokenRefused
    /// A GraphQL `errors` array: Hardcover's own message.
    case graphQL(String)
    /// An answer that is not the shape asked for.
    case malformed(String)
    /// Too many requests, after waiting once.
    case rateLimited(retryAfter: Double?)
}

extension HardcoverError {
    public var kind: BookTagFailure.Kind {
        switch self {
        case .noToken: .config
        case .tokenRefused, .graphQL, .malformed, .rateLimited: .api
        }
    }

    public var errorDescription: String? {
        switch self {
        case .noToken(let file):
            "no Hardcover token: make one at hardcover.app (Settings, API) and set hardcover.token in \(file) or BOOKTAG_HARDCOVER_TOKEN"
        case .tokenRefused:
            "Hardcover refused the token (missing, expired or wrong): make a new one at hardcover.app (Settings, API)"
        case .graphQL(let message):
            "Hardcover answered with an error: \(message)"
        case .malformed(let what):
            "unusable Hardcover answer: \(what)"
        case .rateLimited(let seconds?):
            "Hardcover asked to slow down (try again in \(Int(seconds.rounded(.up))) s); nothing was changed"
        case .rateLimited(nil):
            "Hardcover asked to slow down; nothing was changed: try again in a minute"
        }
    }
}
