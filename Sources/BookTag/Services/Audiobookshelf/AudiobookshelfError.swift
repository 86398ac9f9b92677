import Foundation

/// What an Audiobookshelf server refused, in words that say what to do.
public enum AudiobookshelfError: BookTagError, Equatable {
    /// No token is configured.
    case noToken(file: String)
    /// No server is named for the tag, nor configured.
    case noServer(file: String)
    /// 401 or 403: the token is missing, expired or wrong.
    case tokenRefused(String)
    /// The address answered something that is not Audiobookshelf's API (a web page, another server).
    case notAudiobookshelf(String)
    /// A listing of listening sessions that says it has no end.
    case endlessSessions(String)
}

extension AudiobookshelfError {
    public var kind: BookTagFailure.Kind {
        switch self {
        case .noToken, .noServer: .config
        case .tokenRefused, .notAudiobookshelf, .endlessSessions: .api
        }
    }

    public var errorDescription: String? {
        switch self {
        case .noToken(let file):
            "no Audiobookshelf token: make one in Audiobookshelf (Settings, API Keys; or your user's API token) and set audiobookshelf.token in \(file) or BOOKTAG_AUDIOBOOKSHELF_TOKEN"
        case .noServer(let file):
            "no Audiobookshelf server: name the address you open it at for the tag, or set audiobookshelf.server in \(file)"
        case .tokenRefused(let server):
            "\(server) refused the token (missing, expired or wrong): make a new one in Audiobookshelf (Settings, API Keys; or your user's API token)"
        case .notAudiobookshelf(let server):
            "\(server) did not answer as an Audiobookshelf server: check the address (the one you open it at)"
        case .endlessSessions(let host):
            "\(host) lists more pages of listening sessions than any reader has; nothing was stored"
        }
    }
}
