/// Facts about Goodreads cover image URLs.
public enum CoverURL {
    /// Whether `url` is one of Goodreads' stand-in images rather than a real cover.
    ///
    /// The placeholders have had several shapes (`/images/nophoto/nophoto-U-200x266.jpg`,
    /// `/assets/nophoto/book/111x148-….png`, `/images/nocover-111x148.jpg`,
    /// `/assets/nocover/111x148.png`); what they share is `nophoto` or `nocover` in the path.
    /// A missing or empty URL counts as a placeholder too: there is nothing to show.
    public static func isPlaceholder(_ url: String?) -> Bool {
        guard let url, !url.isEmpty else { return true }
        let path = Self.path(of: url).lowercased()
        return path.contains("nophoto") || path.contains("nocover")
    }

    /// The URLs to try for a cover, best first: the larger image the URL's size token allows,
    /// then the URL as given. Search results carry small images (98 px wide); old-style URLs
    /// name the size in the path (`/books/1284984371m/…`, `s` small, `m` medium, `l` large),
    /// newer ones in a suffix (`._SX98_`, `._SY75_`, or doubled as in shelf feeds,
    /// `._SX318_SY475_`) that can simply be dropped.
    public static func downloadCandidates(for url: String) -> [String] {
        var larger = url
        if let range = url.range(of: #"/books/\d+[sm]/"#, options: .regularExpression) {
            var token = String(url[range])
            token.removeLast(2)
            larger.replaceSubrange(range, with: token + "l/")
        }
        larger = larger.replacingOccurrences(
            of: #"\._(?:S[XY]\d+_)+(?=\.[A-Za-z]+$)"#, with: "", options: .regularExpression)
        return larger == url ? [url] : [larger, url]
    }

    /// The part of a URL after its host and before any query or fragment.
    private static func path(of url: String) -> Substring {
        var rest = Substring(url)
        if let scheme = rest.range(of: "://") {
            rest = rest[scheme.upperBound...]
            rest = rest.firstIndex(of: "/").map { rest[$0...] } ?? ""
        }
        if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) {
            rest = rest[..<end]
        }
        return rest
    }
}
