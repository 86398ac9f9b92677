import ArgumentParser
import BookTag
import Foundation

/// The options every command accepts: where booktag keeps things, where answers come from,
/// and how much it says.
package struct GlobalOptions: ParsableArguments {
    package init() {}

    @Option(
        help: ArgumentHelp(
            "Keep everything in this folder (default: $BOOKTAG_HOME, else the XDG folders).", valueName: "folder"),
        completion: .directory)
    package var home: String?

    @Option(
        help: ArgumentHelp("Read settings from this file instead of config.json in the home.", valueName: "file"),
        completion: .file(extensions: ["json"]))
    var config: String?

    @Option(
        help: ArgumentHelp("Answer every request from a recording folder, with no network.", valueName: "folder"),
        completion: .directory)
    var replay: String?

    @Option(
        help: ArgumentHelp(
            "Make real requests and save them in a recording folder (API key redacted).", valueName: "folder"),
        completion: .directory)
    var record: String?

    @Option(
        help: ArgumentHelp(
            "Say the reader's words (posters, pages, stats) in this language: en, es, de, fr, it, pt-BR, zh-Hans "
                + "(default: config's language, else LC_ALL, LC_MESSAGES or LANG).", valueName: "code"))
    var language: String?

    @Flag(name: .shortAndLong, help: "Print only data, warnings and errors.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Also print each request (API key masked) and each wait.")
    package var verbose = false

    package func validate() throws {
        if replay != nil, record != nil { throw ValidationError("--replay and --record cannot be used together") }
        if quiet, verbose { throw ValidationError("--quiet and --verbose cannot be used together") }
    }

    /// The arguments with any global options given before the command name moved after it,
    /// where ArgumentParser looks for them: `booktag --home D list` means `booktag list --home D`.
    static func hoisting(_ arguments: [String]) -> [String] {
        var index = 0
        while index < arguments.count, let option = option(at: index, in: arguments) { index += option.width }
        guard index > 0, index < arguments.count else { return arguments }
        return [arguments[index]] + arguments[..<index] + arguments[(index + 1)...]
    }

    /// The global option at `index` of `arguments`: its name, its value (`--home D` or
    /// `--home=D`) and how many arguments it takes; `nil` for anything else. The one reading of
    /// global options before ArgumentParser's (`hoisting`, `StorePreopening`).
    static func option(at index: Int, in arguments: [String]) -> (name: String, value: String?, width: Int)? {
        let valued: Set = ["--home", "--config", "--replay", "--record", "--language"]
        let argument = arguments[index]
        if ["--quiet", "-q", "--verbose", "-v"].contains(argument) { return (argument, nil, 1) }
        if let equals = argument.firstIndex(of: "="), valued.contains(String(argument[..<equals])) {
            return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]), 1)
        }
        if valued.contains(argument), index + 1 < arguments.count { return (argument, arguments[index + 1], 2) }
        return nil
    }

    var resolvedHome: BookTagHome { Self.home(explicit: home) }

    /// The home `--home` (or its absence) names.
    static func home(explicit: String?) -> BookTagHome {
        BookTagHome.resolve(
            explicit: explicit,
            environment: explicit?.isEmpty == false
                ? [:] : ProcessEnvironment.values(["BOOKTAG_HOME", "HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME"]))
    }

    /// The configuration file in use: `--config`, else the home's `config.json`.
    var configFile: URL {
        config.map { URL(fileURLWithPath: $0) } ?? resolvedHome.configFile
    }

    /// How much to say on stderr.
    var verbosity: Reporter.Verbosity {
        quiet ? .quiet : verbose ? .verbose : .normal
    }
}
