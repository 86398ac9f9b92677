import Foundation

/// A language booktag's reader-facing words are in: the poster's, the print's, the pages' and
/// the `stats` block's (errors, `--help` and JSON stay English). Chosen per call, never per
/// process, so one server answers each browser in its own.
public struct Language: Sendable, Hashable, CustomStringConvertible {
    /// The BCP 47 tag it is asked for by and set in a page's `lang`: `es`, `pt-BR`, `zh-Hans`.
    public let code: String
    /// Its catalogue's name (`es`, `pt_BR`), nil for English, whose words are the messages.
    let catalogue: String?
    /// The locale its numbers, months and weekdays are formatted in.
    let localeIdentifier: String
    /// Which plural form a count takes.
    let plural: PluralRule

    public var description: String { code }

    /// Its name in itself, as a menu of languages shows it: "Español", "简体中文".
    public var nativeName: String {
        switch code {
        case "es": "Español"
        case "de": "Deutsch"
        case "fr": "Français"
        case "it": "Italiano"
        case "pt-BR": "Português (Brasil)"
        case "zh-Hans": "简体中文"
        case "qps-ploc": "⟦Pséüdö⟧"
        default: "English"
        }
    }

    /// The words as written.
    public static let english = Language(code: "en", catalogue: nil, localeIdentifier: "en_US", plural: .oneOther)
    /// Español.
    public static let spanish = Language(code: "es", catalogue: "es", localeIdentifier: "es_ES", plural: .oneOther)
    /// Deutsch.
    public static let german = Language(code: "de", catalogue: "de", localeIdentifier: "de_DE", plural: .oneOther)
    /// Français.
    public static let french = Language(
        code: "fr", catalogue: "fr", localeIdentifier: "fr_FR", plural: .zeroAndOneOther)
    /// Italiano.
    public static let italian = Language(code: "it", catalogue: "it", localeIdentifier: "it_IT", plural: .oneOther)
    /// Português (Brasil).
    public static let portugueseBrazil = Language(
        code: "pt-BR", catalogue: "pt_BR", localeIdentifier: "pt_BR", plural: .zeroAndOneOther)
    /// 简体中文.
    public static let chineseSimplified = Language(
        code: "zh-Hans", catalogue: "zh_Hans", localeIdentifier: "zh_Hans_CN", plural: .only)
    /// Not a language: every message accented and 40 % longer, between ⟦ and ⟧, to find words
    /// left outside the catalogue and text that overflows when a language runs longer.
    public static let pseudo = Language(code: "qps-ploc", catalogue: nil, localeIdentifier: "en_US", plural: .oneOther)

    /// The languages readers can choose, English first.
    public static let all: [Language] = [
        .english, .spanish, .german, .french, .italian, .portugueseBrazil, .chineseSimplified,
    ]

    /// The language `text` names, in BCP 47 (`es-419`, `zh-CN`, `pt-BR`) or as a POSIX locale
    /// (`de_AT.UTF-8`, `fr_CA@euro`): by its first subtag, Portuguese of any region as Brazil's,
    /// Chinese as Simplified unless it names Traditional (`zh-TW`, `zh-Hant`). `C` and `POSIX`
    /// are English. Nil for a language booktag does not have.
    public init?(code text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let base = trimmed.split(whereSeparator: { $0 == "." || $0 == "@" }).first.map(String.init) ?? ""
        let subtags = base.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.lowercased() }
        guard let first = subtags.first, !first.isEmpty else { return nil }
        if first == "c" || first == "posix" {
            self = .english
            return
        }
        if trimmed.lowercased() == Self.pseudo.code {
            self = .pseudo
            return
        }
        switch first {
        case "en": self = .english
        case "es": self = .spanish
        case "de": self = .german
        case "fr": self = .french
        case "it": self = .italian
        case "pt": self = .portugueseBrazil
        case "zh":
            let rest = Set(subtags.dropFirst())
            guard rest.isDisjoint(with: ["hant", "tw", "hk", "mo"]) else { return nil }
            self = .chineseSimplified
        default: return nil
        }
    }

    private init(code: String, catalogue: String?, localeIdentifier: String, plural: PluralRule) {
        self.code = code
        self.catalogue = catalogue
        self.localeIdentifier = localeIdentifier
        self.plural = plural
    }

    /// The environment variables that name a language, the strongest first.
    public static let environmentNames = ["LC_ALL", "LC_MESSAGES", "LANG"]

    /// The command line's language when neither `--language` nor the configuration names one:
    /// the first of `LC_ALL`, `LC_MESSAGES` and `LANG` that is set, as every program reads them.
    /// `unknown` is the value booktag has no language for (English is used; say so once).
    public static func fromEnvironment(_ environment: [String: String]) -> (language: Language, unknown: String?) {
        guard
            let value = environmentNames.lazy.compactMap({ environment[$0] })
                .first(where: { !$0.isEmpty })
        else { return (.english, nil) }
        guard let language = Language(code: value) else { return (.english, value) }
        return (language, nil)
    }

    /// The language a browser's `Accept-Language` prefers among booktag's, by its q-values
    /// (`de-CH, de;q=0.9, en;q=0.8`), nil when it names none of them.
    public static func preferred(acceptLanguage header: String) -> Language? {
        var choices: [(language: Language, quality: Double, order: Int)] = []
        for (order, item) in header.split(separator: ",").prefix(32).enumerated() {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = parts.first, tag != "*", let language = Language(code: tag), language != .pseudo else {
                continue
            }
            let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            if quality > 0 { choices.append((language, quality, order)) }
        }
        return choices.max { ($0.quality, -$0.order) < ($1.quality, -$1.order) }?.language
    }
}
