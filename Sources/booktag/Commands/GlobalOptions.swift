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
        let valued: Set = ["--home", "--config", "--replay", "--record"]
        let flags: Set = ["--quiet", "-q", "--verbose", "-v"]
        var leading: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if flags.contains(argument) || valued.contains(where: { argument.hasPrefix($0 + "=") }) {
                leading.append(argument)
                index += 1
            } else if valued.contains(argument), index + 1 < arguments.count {
                leading += [argument, arguments[index + 1]]
                index += 2
            } else {
                break
            }
        }
        guard !leading.isEmpty, index < arguments.count else { return arguments }
        return [arguments[index]] + leading + arguments[(index + 1)...]
    }

    var resolvedHome: BookTagHome { Self.home(explicit: home) }

    /// The home `--home` (or its absence) names.
    static func home(explicit: String?) -> BookTagHome {
        BookTagHome.resolve(
            explicit: explicit,
            environment: explicit?.isEmpty == false
                ? [:] : Environment.values(["BOOKTAG_HOME", "HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME"]))
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
