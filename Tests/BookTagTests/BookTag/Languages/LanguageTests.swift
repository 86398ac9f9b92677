import Testing

@testable import BookTag

/// Which language a reader asked for, however they said it: BCP 47 from a browser, a POSIX
/// locale from the environment, the first of `LC_ALL`, `LC_MESSAGES` and `LANG`, q-values.
@Suite struct LanguageTests {
    @Test(arguments: [
        ("es", "es"), ("es-419", "es"), ("es_MX.UTF-8", "es"), ("de_AT.UTF-8@euro", "de"), ("DE", "de"),
        ("fr-CA", "fr"), ("it_IT", "it"), ("pt", "pt-BR"), ("pt-PT", "pt-BR"), ("pt_BR.UTF-8", "pt-BR"),
        ("zh", "zh-Hans"), ("zh-CN", "zh-Hans"), ("zh_SG", "zh-Hans"), ("zh-Hans-CN", "zh-Hans"), ("en-GB", "en"),
        ("C", "en"), ("C.UTF-8", "en"), ("POSIX", "en"), ("qps-ploc", "qps-ploc"),
    ])
    func codesNameTheirLanguage(_ code: String, _ expected: String) {
        #expect(Language(code: code)?.code == expected, "\(code)")
    }

    @Test(arguments: ["ja", "ja_JP.UTF-8", "zh-TW", "zh_HK", "zh-Hant", "", " ", "-", "klingon"])
    func otherLanguagesAreNone(_ code: String) {
        #expect(Language(code: code) == nil, "\(code)")
    }

    @Test func theEnvironmentIsReadAsProgramsReadIt() {
        #expect(Language.fromEnvironment([:]) == (.english, nil))
        let both = ["LANG": "fr_FR.UTF-8", "LC_ALL": "de_DE.UTF-8"]
        #expect(Language.fromEnvironment(both).language == .german, "LC_ALL wins")
        #expect(Language.fromEnvironment(["LANG": "it_IT.UTF-8", "LC_MESSAGES": "es_ES"]).language == .spanish)
        #expect(Language.fromEnvironment(["LC_ALL": "", "LANG": "pt_BR.UTF-8"]).language == .portugueseBrazil)
        let unknown = Language.fromEnvironment(["LANG": "ja_JP.UTF-8"])
        #expect(unknown.language == .english && unknown.unknown == "ja_JP.UTF-8")
    }

    @Test func aBrowsersPreferenceIsWeighed() {
        #expect(Language.preferred(acceptLanguage: "de-CH, de;q=0.9, en;q=0.8") == .german)
        #expect(Language.preferred(acceptLanguage: "ja, zh-CN;q=0.7, en;q=0.5") == .chineseSimplified)
        #expect(Language.preferred(acceptLanguage: "en;q=0.4, es-419;q=0.9") == .spanish)
        #expect(Language.preferred(acceptLanguage: "fr;q=0, it") == .italian, "q=0 means not this one")
        #expect(Language.preferred(acceptLanguage: "pt-BR,pt;q=0.9") == .portugueseBrazil)
        #expect(Language.preferred(acceptLanguage: "ja, ko;q=0.9") == nil)
        #expect(Language.preferred(acceptLanguage: "*") == nil)
        #expect(Language.preferred(acceptLanguage: "qps-ploc") == nil, "the pseudo-language is for tests")
        #expect(Language.preferred(acceptLanguage: ";;;,,q=,") == nil)
    }
}
