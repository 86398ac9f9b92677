/// A gettext PO catalogue, the format translators' tools (Poedit, Weblate, Lokalize) edit: each
/// message's English (`msgid`, and `msgid_plural` for a count) and its translation (`msgstr`, or
/// `msgstr[N]` per plural form). Entries marked fuzzy or left empty are not used, so the English
/// shows rather than a guess.
struct MessageCatalogue: Sendable {
    /// A message's forms by its key: the `msgid`, after its `msgctxt` and U+0004 when it has one.
    private(set) var messages: [String: [String]] = [:]
    /// The header's `Plural-Forms`, as written.
    private(set) var pluralForms: String?

    /// A message as the file has it, for the checks.
    struct Entry: Equatable {
        var context: String?
        var id: String
        var plural: String?
        var translations: [String]
        var fuzzy = false
        var flags: [String] = []
    }

    /// Every entry in the file's order, the header included (its `id` is empty).
    private(set) var entries: [Entry] = []

    /// Reads `text`; a line it cannot read is reported with its number.
    init(_ text: String) throws(Malformed) {
        var entry = Entry(id: "", translations: [])
        var started = false
        var field: WritableKeyPath<Entry, String>?
        var translation: Int?
        func finish() {
            defer {
                entry = Entry(id: "", translations: [])
                started = false
                field = nil
                translation = nil
            }
            guard started else { return }
            entries.append(entry)
            if entry.id.isEmpty {
                pluralForms = entry.translations.first?.split(separator: "\n")
                    .first { $0.hasPrefix("Plural-Forms:") }
                    .map { $0.dropFirst("Plural-Forms:".count).trimmingCharacters(in: .whitespaces) }
                return
            }
            guard !entry.fuzzy, !entry.translations.isEmpty, entry.translations.allSatisfy({ !$0.isEmpty }) else {
                return
            }
            messages[Self.key(entry.id, context: entry.context)] = entry.translations
        }
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            let number = index + 1
            if line.isEmpty {
                finish()
                continue
            }
            if line.hasPrefix("#") {
                // A comment after a translation starts the next message.
                if !entry.translations.isEmpty { finish() }
                if line.hasPrefix("#,") {
                    let flags = line.dropFirst(2).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                    entry.flags += flags
                    if flags.contains("fuzzy") { entry.fuzzy = true }
                }
                continue
            }
            if line.hasPrefix("\"") {
                let text = try Self.quoted(line[...], line: number)
                if let field {
                    entry[keyPath: field] += text
                } else if let translation {
                    entry.translations[translation] += text
                } else {
                    throw Malformed(line: number, reason: "a string continues no keyword")
                }
                continue
            }
            let keyword = line.prefix { $0 != " " && $0 != "\"" }
            let value = try Self.quoted(line.dropFirst(keyword.count).drop { $0 == " " }, line: number)
            if keyword == "msgctxt" || keyword == "msgid", !entry.translations.isEmpty { finish() }
            started = true
            field = nil
            translation = nil
            switch keyword {
            case "msgctxt":
                entry.context = value
                field = \.contextText
            case "msgid":
                entry.id = value
                field = \.id
            case "msgid_plural":
                entry.plural = value
                field = \.pluralText
            case "msgstr":
                entry.translations = [value]
                translation = 0
            default:
                guard keyword.hasPrefix("msgstr["), keyword.hasSuffix("]"),
                    let form = Int(keyword.dropFirst(7).dropLast()), form == entry.translations.count
                else { throw Malformed(line: number, reason: "\(keyword.prefix(20)) is not a PO keyword in order") }
                entry.translations.append(value)
                translation = form
            }
        }
        finish()
    }

    /// The forms of `id` (in `context`), nil when the catalogue has no usable translation.
    func forms(_ id: String, context: String? = nil) -> [String]? { messages[Self.key(id, context: context)] }

    static func key(_ id: String, context: String?) -> String {
        context.map { $0 + "\u{4}" + id } ?? id
    }

    /// A quoted PO string, its C escapes undone.
    private static func quoted(_ text: Substring, line: Int) throws(Malformed) -> String {
        guard text.count >= 2, text.first == "\"", text.last == "\"" else {
            throw Malformed(line: line, reason: "a string must be in double quotes")
        }
        var result = ""
        var escaped = false
        for character in text.dropFirst().dropLast() {
            if escaped {
                switch character {
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "\"", "\\": result.append(character)
                default: throw Malformed(line: line, reason: "\\\(character) is not an escape PO files use")
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                throw Malformed(line: line, reason: "a quote inside a string must be escaped")
            } else {
                result.append(character)
            }
        }
        guard !escaped else { throw Malformed(line: line, reason: "a string ends in a backslash") }
        return result
    }

    /// What is wrong with a catalogue, and where.
    struct Malformed: Error, Equatable, CustomStringConvertible {
        var line: Int
        var reason: String
        var description: String { "line \(line): \(reason)" }
    }
}

extension MessageCatalogue.Entry {
    /// The context and the plural as strings a continued line appends to.
    fileprivate var contextText: String {
        get { context ?? "" }
        set { context = newValue }
    }
    fileprivate var pluralText: String {
        get { plural ?? "" }
        set { plural = newValue }
    }
}
