import Foundation
import Testing

@testable import BookTag

/// Words in each language: plural forms by each language's rule, numbers and months from its
/// locale, placeholders reordered where a language puts them elsewhere, English for anything a
/// catalogue lacks, and the pseudo-language that shows what escaped the catalogue.
@Suite struct WordsTests {
    @Test func countsTakeTheirLanguagesPluralForm() {
        let spanish = Words(.spanish)
        #expect(spanish.plural("%s book", "%s books", 1) == "1 libro")
        #expect(spanish.plural("%s book", "%s books", 2) == "2 libros")
        #expect(spanish.plural("%s book", "%s books", 0) == "0 libros")
        // French and Brazilian Portuguese say 0 in the singular.
        #expect(Words(.french).plural("%s book", "%s books", 0) == "0 livre")
        #expect(Words(.french).plural("%s book", "%s books", 2) == "2 livres")
        #expect(Words(.portugueseBrazil).plural("%s page", "%s pages", 1) == "1 página")
        #expect(Words(.german).plural("%s page", "%s pages", 1) == "1 Seite")
        // Chinese has one form.
        #expect(Words(.chineseSimplified).plural("%s book", "%s books", 1) == "1 本书")
        #expect(Words(.chineseSimplified).plural("%s book", "%s books", 30) == "30 本书")
        #expect(Words.english.plural("%s page", "%s pages", 1) == "1 page", "the debt: never \"1 pages\"")
    }

    @Test func numbersAndMonthsAreTheLocales() {
        #expect(Words(.spanish).number(14023) == "14.023")
        #expect(Words(.german).number(14023) == "14.023")
        #expect(Words(.french).number(14023) == "14\u{202F}023")
        #expect(Words.english.number(14023) == "14,023" && Words(.chineseSimplified).number(14023) == "14,023")
        #expect(Words(.spanish).decimal(4.375) == "4,38" && Words.english.decimal(4.375) == "4.38")
        #expect(Words(.spanish).plural("%s page", "%s pages", 14023) == "14.023 páginas")
        #expect(Words(.spanish).shortMonths.first == "ene" && Words(.german).months[2] == "März")
        #expect(Words(.chineseSimplified).shortMonths[11] == "12月")
        #expect(Words.english.shortWeekdays.first == "Mon" && Words(.french).shortWeekdays.last == "dim.")
        #expect(Words(.italian).monthInitials.first == "G", "gennaio")
        #expect(
            Words.english.day("2025-03-04") == "Mar 4, 2025"
                && Words(.chineseSimplified).day("2025-03-04") == "2025年3月4日")
        #expect(Words(.german).day("2025-03-04") == "4. März 2025" && Words(.spanish).day("2025-03-04") == "4 mar 2025")
        #expect(Words.english.day("2025-02-30") == "2025-02-30" && Words.english.day("soon") == "soon")
    }

    @Test func placeholdersMoveWhereTheLanguagePutsThem() {
        let chinese = Words(.chineseSimplified)
        #expect(chinese.plural("%1$s more than %2$s", "%1$s more than %2$s", 4, "4", "2024") == "比 2024 年多 4 本")
        #expect(Words.english("%1$s h %2$s min", "2", "10") == "2 h 10 min")
        #expect(Words.english("100%% of %s", "it") == "100% of it", "%% is a percent sign")
        #expect(Words(.spanish)("a message no catalogue has: %s", "x") == "a message no catalogue has: x")
    }

    @Test func thePseudoLanguageMarksEveryCataloguedWord() {
        let pseudo = Words(.pseudo)
        let said = pseudo.plural("%s book", "%s books", 3)
        #expect(said.hasPrefix("⟦3 bööks") && said.hasSuffix("⟧"), "\(said)")
        // 40 % longer than the English's letters, the placeholder kept.
        #expect(said.count >= "3 books".count + 2 + 2)
        #expect(pseudo("longest session %s", "2 h") == "⟦löñgést séssíöñ 2 h······⟧")
    }

    @Test func everyCatalogueIsCompleteAndAgreesWithItsLanguage() throws {
        let template = try String(
            contentsOf: Fixtures.packageRoot.appendingPathComponent("Sources/BookTag/Languages/Catalogues/booktag.pot"),
            encoding: .utf8)
        let wanted = try MessageCatalogue(template).entries.filter { !$0.id.isEmpty }
        #expect(wanted.count > 90)
        for language in Language.all where language != .english {
            let name = try #require(language.catalogue)
            let catalogue = try #require(MessageCatalogues.shared.catalogue(name), "\(name) does not parse")
            #expect(catalogue.pluralForms == language.plural.header, "\(name)")
            for entry in wanted {
                let forms = catalogue.forms(entry.id, context: entry.context)
                #expect(forms?.count == (entry.plural == nil ? 1 : language.plural.count), "\(name): \(entry.id)")
                for form in forms ?? [] {
                    #expect(Self.placeholders(form) == Self.placeholders(entry.id), "\(name): \(entry.id) → \(form)")
                }
            }
        }
    }

    static func placeholders(_ text: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"%(?:\d+\$)?s"#)
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text))
            .compactMap { Range($0.range, in: text).map { String(text[$0]) } }.sorted()
    }
}
