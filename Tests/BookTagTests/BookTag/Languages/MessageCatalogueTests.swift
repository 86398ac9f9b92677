import Testing

@testable import BookTag

/// The PO format as translators' tools write it: comments and flags, contexts, plural forms,
/// strings continued over lines, C escapes; fuzzy and empty entries are not used; a damaged
/// file names its line.
@Suite struct MessageCatalogueTests {
    static let sample = #"""
        # A translator's comment.
        msgid ""
        msgstr ""
        "Language: es\n"
        "Plural-Forms: nplurals=2; plural=(n != 1);\n"

        #: Sources/BookTag/Stats/TagStats+Summary.swift
        #, c-format
        msgid "%s book"
        msgid_plural "%s books"
        msgstr[0] "%s libro"
        msgstr[1] "%s libros"

        msgctxt "the calendar's legend"
        msgid "more"
        msgstr "más"
        msgid "more"
        msgstr "más de lo que cabe"

        #, fuzzy
        msgid "goal reached"
        msgstr "meta quizás"

        msgid "on track"
        msgstr ""

        msgid "a \"quoted\" line\n"
        "and its second"
        msgstr "una línea \"citada\"\n"
        "y su segunda"
        """#

    @Test func entriesAreReadAsTheirToolsWriteThem() throws {
        let catalogue = try MessageCatalogue(Self.sample)
        #expect(catalogue.pluralForms == "nplurals=2; plural=(n != 1);")
        #expect(catalogue.forms("%s book") == ["%s libro", "%s libros"])
        #expect(catalogue.forms("more", context: "the calendar's legend") == ["más"])
        #expect(catalogue.forms("more") == ["más de lo que cabe"], "the same words without the context")
        #expect(catalogue.forms("goal reached") == nil, "fuzzy is a guess, not a translation")
        #expect(catalogue.forms("on track") == nil, "empty is untranslated")
        #expect(catalogue.forms("a \"quoted\" line\nand its second") == ["una línea \"citada\"\ny su segunda"])
        #expect(catalogue.entries.count == 7)
        #expect(catalogue.entries[1].flags == ["c-format"] && catalogue.entries[3].context == nil)
    }

    @Test(arguments: [
        ("msgid \"x\nmsgstr \"y\"", 1), ("msgid \"a\"\nmsgstr \"b\\q\"", 2), ("msgid \"a\"\n\"\"\nbogus \"c\"", 3),
        ("msgid \"a\"\nmsgstr[1] \"b\"", 2), ("\"orphan\"", 1), ("msgid \"a\\\"", 1),
    ])
    func aDamagedFileNamesItsLine(_ text: String, _ line: Int) {
        #expect(throws: MessageCatalogue.Malformed.self) { try MessageCatalogue(text) }
        do {
            _ = try MessageCatalogue(text)
        } catch {
            #expect(error.line == line, "\(text): \(error)")
        }
    }
}
