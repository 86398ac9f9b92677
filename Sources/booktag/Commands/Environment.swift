import Foundation

/// The process's environment variables, read one at a time: `ProcessInfo.processInfo.environment`
/// copies every variable into a new dictionary on each call, and a command asked it several times
/// before its first line (whether stderr and stdout are terminals that take colour, where the
/// home is). With the home's folders standardized only when they need it, 0.2 ms off `list`.
enum Environment {
    static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The variables among `names` that are set.
    static func values(_ names: [String]) -> [String: String] {
        var values: [String: String] = [:]
        for name in names { values[name] = value(name) }
        return values
    }
}
