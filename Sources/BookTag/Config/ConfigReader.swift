import Foundation

/// Reads config.json's objects key by key: each section's known keys go to its reader, every
/// other key becomes one warning, the same for every section.
final class ConfigReader {
    let file: String
    private(set) var warnings: [String] = []

    init(file: String) {
        self.file = file
    }

    /// Calls `read` with each key of the object `value` (at `path`, `nil` for the top level), its
    /// value and its full path; `read` answers false for a key it does not know.
    func section(
        _ value: Any, at path: String?,
        _ read: (_ key: String, _ value: Any, _ path: String) throws(ConfigError) -> Bool
    ) throws(ConfigError) {
        guard let object = value as? [String: Any] else {
            throw .wrongType(file: file, key: path ?? "(top level)", expected: "an object")
        }
        for (key, value) in object {
            let keyPath = path.map { "\($0).\(key)" } ?? key
            if try !read(key, value, keyPath) { warnings.append("\(file): unknown key \"\(keyPath)\" ignored") }
        }
    }

    /// A string.
    func text(_ value: Any, _ path: String) throws(ConfigError) -> String {
        guard let text = value as? String else { throw .wrongType(file: file, key: path, expected: "a string") }
        return text
    }

    /// An http(s) URL with a host.
    func webURL(_ value: Any, _ path: String) throws(ConfigError) -> URL {
        guard let url = Self.webURL(try text(value, path)) else {
            throw .invalidValue(file: file, key: path, expected: "an http or https URL")
        }
        return url
    }

    /// A number of seconds in `range`.
    func seconds(_ value: Any, _ path: String, in range: ClosedRange<Double>) throws(ConfigError) -> Double {
        guard let number = Self.number(value), range.contains(number) else {
            throw .wrongType(
                file: file, key: path,
                expected: "a number of seconds from \(Self.shown(range.lowerBound)) to \(Self.shown(range.upperBound))")
        }
        return number
    }

    /// One of a closed set of names (`source`, `collage.format`, `.fit`, `.layout`), in any case;
    /// the error lists every name.
    func choice<Choice: CaseIterable & RawRepresentable>(_ value: Any, _ path: String) throws(ConfigError) -> Choice
    where Choice.RawValue == String {
        guard let text = value as? String, let choice = Choice(rawValue: text.lowercased()) else {
            let names = Choice.allCases.map { "\"\($0.rawValue)\"" }
            throw .wrongType(
                file: file, key: path, expected: names.dropLast().joined(separator: ", ") + " or " + (names.last ?? ""))
        }
        return choice
    }

    /// JSON numbers only: `true` is not 1, though Foundation bridges it to a number.
    static func number(_ value: Any) -> Double? {
        // JSONSerialization gives booleans as NSNumbers of type "c" (char); real numbers are not.
        guard let number = value as? NSNumber, !["c", "B"].contains(String(cString: number.objCType)) else {
            return nil
        }
        return number.doubleValue
    }

    static func wholeNumber(_ value: Any) -> Int? {
        guard let number = number(value), number == number.rounded(), abs(number) < 1e9 else { return nil }
        return Int(number)
    }

    static func webURL(_ text: String) -> URL? {
        guard let url = URL(string: text.trimmingCharacters(in: .whitespaces)), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else { return nil }
        return url
    }

    private static func shown(_ number: Double) -> String {
        number == number.rounded() ? String(Int(number)) : String(number)
    }
}
