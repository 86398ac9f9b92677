import BookTag
import Hummingbird
import HummingbirdCore

/// A collage download's query (`?size=story&stats=1`): the `collage` command's options under the
/// same names, into the library's `CollageRequest`, whose rules both faces share.
enum CollageQuery {
    static let valued: Set = ["size", "columns", "fit", "layout", "labels", "title", "background"]
    static let flags: Set = ["stats", "no-title"]

    /// `format` `nil`: a print's query, whose paper sets the size.
    static func request(_ query: FlatDictionary<Substring, Substring>, format: CollageFormat?) throws -> CollageRequest
    {
        var request = CollageRequest()
        request.format = format ?? .png
        for (key, value) in query {
            let name = String(key)
            let text = String(value)
            // `download` asks for the file as an attachment (`APIController.collage`); `paper` and
            // `landscape` are a print's (`PrintQuery`).
            if name == "token" || name == "download" || (format == nil && PrintQuery.keys.contains(name)) { continue }
            if flags.contains(name) {
                let on = ["1", "true", "on", "yes", ""].contains(text.lowercased())
                if name == "stats" { request.stats = on } else { request.noTitle = on }
                continue
            }
            switch name {
            case "size": request.size = text
            case "columns":
                guard let number = Int(text) else {
                    throw ServeError(
                        .badRequest,
                        "columns must be a number between 1 and \(BookTagConfiguration.collageColumnRange.upperBound)")
                }
                request.columns = number
            case "fit": request.fit = try choice(CollageFit.self, name, text)
            case "layout": request.layout = try choice(CollageLayout.self, name, text)
            case "labels": request.labels = text
            case "title": request.title = text
            case "background": request.background = text
            default:
                throw ServeError(
                    .badRequest,
                    "\"\(name.prefix(40))\" is not a collage option: use \((valued.union(flags)).sorted().joined(separator: ", "))"
                )
            }
        }
        return request
    }

    private static func choice<T: RawRepresentable & CaseIterable>(_ type: T.Type, _ name: String, _ text: String)
        throws -> T where T.RawValue == String
    {
        guard let value = T(rawValue: text) else {
            throw ServeError(
                .badRequest, "\(name) must be one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return value
    }
}
