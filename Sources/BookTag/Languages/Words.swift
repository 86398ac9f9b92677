import Foundation

/// The words a reader reads, in their language: messages from the language's catalogue (the
/// English as written when it has none), counts in the language's plural forms, and numbers,
/// months and weekdays as its locale writes them. A value made per call (a command, a request),
/// cheap to make: a catalogue is read once, the first time a word of its language is needed.
public struct Words: Sendable, Equatable {
    /// The language.
    public let language: Language
    /// The locale numbers and dates are formatted in.
    public let locale: Locale

    /// The words of `language`.
    public init(_ language: Language) {
        self.language = language
        locale = Locale(identifier: language.localeIdentifier)
    }

    /// English, as written.
    public static let english = Words(.english)

    public static func == (left: Words, right: Words) -> Bool { left.language == right.language }

    /// `message` in the language, its `%s` (or `%1$s`, `%2$s` for a language that reorders them)
    /// replaced by `arguments` in order.
    public func callAsFunction(_ message: String, _ arguments: String..., context: String? = nil) -> String {
        let forms = catalogue?.forms(message, context: context)
        return format(forms?.first ?? pseudo(message), arguments)
    }

    /// The form of `one`/`other` that `count` takes in the language. Without `arguments` the
    /// count, formatted for the locale, replaces the `%s`.
    public func plural(_ one: String, _ other: String, _ count: Int, _ arguments: String..., context: String? = nil)
        -> String
    {
        let arguments = arguments.isEmpty ? [number(count)] : arguments
        if let forms = catalogue?.forms(one, context: context), forms.count == language.plural.count {
            return format(forms[language.plural.form(count)], arguments)
        }
        return format(pseudo(count == 1 ? one : other), arguments)
    }

    /// A whole number as the locale writes it: "14,023", "14.023", "14 023".
    public func number(_ value: Int) -> String {
        value.formatted(.number.locale(locale))
    }

    /// A number with `digits` decimals: "4.38", "4,38".
    public func decimal(_ value: Double, digits: Int = 2) -> String {
        value.formatted(.number.locale(locale).precision(.fractionLength(digits)).grouping(.automatic))
    }

    /// A day (`2025-03-04`) as the locale writes it: "Mar 4, 2025", "4 mar 2025", "2025年3月4日";
    /// anything else as it is.
    public func day(_ text: String) -> String {
        let parts = text.prefix(10).split(separator: "-").compactMap { Int($0) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard parts.count == 3, text.count == 10 || text.dropFirst(10).first == "T",
            let date = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2])),
            calendar.component(.day, from: date) == parts[2]
        else { return text }
        var style = Date.FormatStyle(date: .abbreviated, time: .omitted).locale(locale)
        style.timeZone = calendar.timeZone
        return date.formatted(style)
    }

    /// The months' names, standing alone: "January", "enero", "一月".
    public var months: [String] { calendarSymbols.standaloneMonthSymbols.map(pseudo) }
    /// The months' short names: "Jan", "ene", "1月".
    public var shortMonths: [String] { calendarSymbols.shortStandaloneMonthSymbols.map(pseudo) }
    /// The months' initials for a chart's bars: "J", "E", "1".
    public var monthInitials: [String] { calendarSymbols.veryShortStandaloneMonthSymbols }
    /// The weekdays' short names from Monday: "Mon", "lun", "周一".
    public var shortWeekdays: [String] {
        let sundayFirst = calendarSymbols.shortStandaloneWeekdaySymbols.map(pseudo)
        return Array(sundayFirst.dropFirst()) + sundayFirst.prefix(1)
    }

    private var calendarSymbols: DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = locale
        return formatter
    }

    private var catalogue: MessageCatalogue? {
        language.catalogue.flatMap { MessageCatalogues.shared.catalogue($0) }
    }

    /// `text` with its `%s` and `%N$s` replaced, `%%` as `%`.
    private func format(_ text: String, _ arguments: [String]) -> String {
        guard text.contains("%") else { return text }
        var result = ""
        var next = 0
        var rest = text[...]
        while let percent = rest.firstIndex(of: "%") {
            result += rest[..<percent]
            let after = rest[rest.index(after: percent)...]
            if after.first == "%" {
                result += "%"
                rest = after.dropFirst()
                continue
            }
            let digits = after.prefix { $0.isASCII && $0.isNumber }
            let positional = !digits.isEmpty && after.dropFirst(digits.count).hasPrefix("$s")
            if positional, let position = Int(digits), position >= 1 {
                result += position <= arguments.count ? arguments[position - 1] : ""
                rest = after.dropFirst(digits.count + 2)
            } else if after.first == "s" {
                result += next < arguments.count ? arguments[next] : ""
                next += 1
                rest = after.dropFirst()
            } else {
                result += "%"
                rest = after
            }
        }
        return result + rest
    }

    /// For the pseudo-language: letters accented, 40 % longer, between ⟦ and ⟧; placeholders kept.
    private func pseudo(_ message: String) -> String {
        guard language == .pseudo else { return message }
        let accents: [Character: Character] = [
            "a": "á", "e": "é", "i": "í", "o": "ö", "u": "ü", "c": "ç", "n": "ñ", "y": "ý", "A": "Å", "E": "É",
            "I": "Î", "O": "Ø", "U": "Ü", "C": "Ç", "N": "Ñ",
        ]
        var result = ""
        var inPlaceholder = false
        for character in message {
            if character == "%" {
                inPlaceholder = true
            } else if inPlaceholder, character == "s" {
                inPlaceholder = false
                result.append(character)
                continue
            } else if inPlaceholder, !(character.isNumber || character == "$") {
                inPlaceholder = false
            }
            result.append(inPlaceholder ? character : accents[character] ?? character)
        }
        let letters = message.count { $0.isLetter }
        return "⟦" + result + String(repeating: "·", count: (letters * 2 + 4) / 5) + "⟧"
    }
}

/// The catalogues compiled into booktag (`Catalogues/*.po`), each read the first time it is
/// needed and kept: `list` and a collage without words never read one.
final class MessageCatalogues: Sendable {
    static let shared = MessageCatalogues()

    private let read = Locked<[String: MessageCatalogue]>([:])

    func catalogue(_ name: String) -> MessageCatalogue? {
        read.withLock { kept in
            if let catalogue = kept[name] { return catalogue }
            guard let bytes = Self.embedded[name],
                let catalogue = try? MessageCatalogue(String(decoding: bytes, as: UTF8.self))
            else { return nil }
            kept[name] = catalogue
            return catalogue
        }
    }

    /// The files, as SwiftPM embeds them.
    static let embedded: [String: [UInt8]] = [
        "es": PackageResources.es_po, "de": PackageResources.de_po, "fr": PackageResources.fr_po,
        "it": PackageResources.it_po, "pt_BR": PackageResources.pt_BR_po, "zh_Hans": PackageResources.zh_Hans_po,
    ]
}
