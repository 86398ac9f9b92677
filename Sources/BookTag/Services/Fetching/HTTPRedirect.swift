import Foundation

/// Where a redirect leads, checked: only http and https are followed, and only so far.
package enum HTTPRedirect {
    /// Hops followed before a chain of redirects is given up.
    package static let maximumHops = 5

    /// The address `response` redirects to, resolved against `url`; `nil` when it is no redirect.
    package static func target(of response: HTTPResponse, from url: URL) throws(FetchError) -> URL? {
        guard [301, 302, 303, 307, 308].contains(response.status), let location = response.headers["location"],
            !location.isEmpty
        else { return nil }
        guard let target = URL(string: location, relativeTo: url)?.absoluteURL,
            ["http", "https"].contains(target.scheme?.lowercased() ?? ""), target.host?.isEmpty == false
        else {
            let shown = URL(string: location)?.redactingAPIKey ?? location
            throw .unsafeRedirect(to: String(shown.prefix(200)))
        }
        return target
    }
}
