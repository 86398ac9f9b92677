import Foundation

/// The process's environment variables, read one at a time: `ProcessInfo.processInfo.environment`
/// copies every variable into a new dictionary on each call, and a command asked it several times
/// before its first line (whether stderr and stdout are terminals that take colour, where the
/// home is, the configuration's keys, the reader's language, fontconfig's own set-up). With the
/// home's folders standardized only when they need it, 0.2 ms off `list`.
package enum ProcessEnvironment {
    package static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The variables among `names` that are set.
    package static func values(_ names: [String]) -> [String: String] {
        var values: [String: String] = [:]
        for name in names { values[name] = value(name) }
        return values
    }
}
