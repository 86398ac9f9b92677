/// Which of a message's plural forms a count takes, as gettext's manual gives each language's
/// `Plural-Forms` (the header every catalogue carries; `CatalogueTests` checks they agree).
enum PluralRule: Sendable, Hashable {
    /// `nplurals=2; plural=(n != 1);`: English, German, Spanish, Italian.
    case oneOther
    /// `nplurals=2; plural=(n > 1);`: French and Brazilian Portuguese, where 0 is singular too.
    case zeroAndOneOther
    /// `nplurals=1; plural=0;`: Chinese, which has one form.
    case only

    /// The number of forms.
    var count: Int { self == .only ? 1 : 2 }

    /// The form `n` takes: an index into a message's forms.
    func form(_ n: Int) -> Int {
        switch self {
        case .oneOther: n == 1 ? 0 : 1
        case .zeroAndOneOther: n > 1 ? 1 : 0
        case .only: 0
        }
    }

    /// The rule as a catalogue's header writes it.
    var header: String {
        switch self {
        case .oneOther: "nplurals=2; plural=(n != 1);"
        case .zeroAndOneOther: "nplurals=2; plural=(n > 1);"
        case .only: "nplurals=1; plural=0;"
        }
    }
}
