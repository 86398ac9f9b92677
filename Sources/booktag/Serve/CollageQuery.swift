import ArgumentParser
import BookTag
import Hummingbird
import HummingbirdCore

/// A collage download's query (`?size=story&stats=1`): the `collage` command's options under the
/// same names, checked by the same rules, over config.json and night mode.
enum CollageQuery {
    static let valued: Set = ["size", "columns", "fit", "layout", "labels", "title", "background"]
    static let flags: Set = ["stats", "no-title"]

    static func options(
        _ query: FlatDictionary<Substring, Substring>, format: CollageFormat, configuration: BookTagConfiguration, nightMode: Bool
    ) throws -> CollageOptions {
        var arguments: [String] = []
        for (key, value) in query {
            let name = String(key)
            if name == "token" { continue }
            if valued.contains(name) {
                arguments += ["--\(name)", String(value)]
            } else if flags.contains(name) {
                if ["1", "true", "on", "yes", ""].contains(value.lowercased()) { arguments.append("--\(name)") }
            } else {
                throw ServeError(.badRequest, "\"\(name.prefix(40))\" is not a collage option: use \((valued.union(flags)).sorted().joined(separator: ", "))")
            }
        }
        do {
            var options = try CollageStyleOptions.parse(arguments).resolve(configuration, nightMode: nightMode)
            options.format = format
            return options
        } catch let failure as CommandFailure {
            throw ServeError(.badRequest, failure.message)
        } catch {
            throw ServeError(.badRequest, CollageStyleOptions.message(for: error))
        }
    }
}
