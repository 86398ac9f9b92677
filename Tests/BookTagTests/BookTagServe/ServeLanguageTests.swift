import BookTag
import BookTagTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BookTagServe

/// serve's pages in the reader's language: each request by its `Accept-Language`, the pages'
/// own setting over it (kept like night mode), a share link in its maker's language, and in the
/// pseudo-language no English word left outside the catalogue.
@Suite struct ServeLanguageTests {
    typealias Routes = ServeRouteTests

    static func page(_ path: String, _ client: any TestClientProtocol, language: String? = nil) async throws -> String {
        var headers = Routes.bearer
        if let language { headers[.acceptLanguage] = language }
        let response = try await client.execute(uri: path, method: .get, headers: headers)
        return Routes.body(response)
    }

    @Test func eachBrowserGetsItsLanguageAndTheSettingKeepsOne() async throws {
        let server = try Routes.Server()
        try await server.test { client in
            #expect(try await Routes.add("fantasy", client)["state"] as? String == "done")
            let german = try await Self.page("/", client, language: "de-CH, de;q=0.9, en;q=0.8")
            #expect(german.contains("<html lang=\"de\"") && german.contains("Deine Schlagwörter"))
            #expect(german.contains("12 Bücher · Open Library"))
            let chinese = try await Self.page("/tags/fantasy", client, language: "zh-CN,zh;q=0.9")
            #expect(chinese.contains("<html lang=\"zh-Hans\"") && chinese.contains("12 本书，来自 Open Library"))
            #expect(chinese.contains("分享拼贴") && chinese.contains("← 所有标签"))
            let japanese = try await Self.page("/", client, language: "ja")
            #expect(japanese.contains("<html lang=\"en\"") && japanese.contains("Your tags"))
            let spanish = try await Self.page("/tags/fantasy", client, language: "es-419")
            #expect(spanish.contains("12 libros") && spanish.contains("Compartir el collage"))
            #expect(spanish.contains("data-downloaded=\"Este navegador no puede compartir archivos: se descargó %s.\""))

            // The pages' setting: over every browser's, until it is "auto" again.
            let set = try await client.execute(
                uri: "/language", method: .post, headers: Routes.formHeaders,
                body: ByteBuffer(string: "language=fr&back=%2Ftags%2Ffantasy"))
            #expect(set.status == .seeOther && set.headers[.location] == "/tags/fantasy")
            #expect(server.workspace.languagePreference == .french)
            let french = try await Self.page("/", client, language: "de")
            #expect(french.contains("<html lang=\"fr\"") && french.contains("Tes étiquettes"))
            #expect(french.contains("<option value=\"fr\" lang=\"fr\" selected>Français</option>"))
            let refused = try await client.execute(
                uri: "/language", method: .post, headers: Routes.formHeaders, body: ByteBuffer(string: "language=xx"))
            #expect(refused.status == .badRequest)
            #expect(server.workspace.languagePreference == .french, "a refusal changes nothing")
            _ = try await client.execute(
                uri: "/language", method: .post, headers: Routes.formHeaders, body: ByteBuffer(string: "language=auto"))
            #expect(server.workspace.languagePreference == nil)
            #expect(try await Self.page("/", client, language: "it").contains("Le tue etichette"))

            // JSON stays English whatever the browser says.
            var json = Routes.bearer
            json[.acceptLanguage] = "de"
            let api = try await client.execute(uri: "/api/tags/nowhere", method: .get, headers: json)
            #expect(Routes.body(api).contains("there is no tag"))
        }
    }

    @Test func aShareLinkIsInItsMakersLanguage() async throws {
        let server = try Routes.Server()
        try await server.test { client in
            #expect(try await Routes.add("fantasy", client)["state"] as? String == "done")
            var maker = Routes.formHeaders
            maker[.acceptLanguage] = "pt-BR"
            _ = try await client.execute(
                uri: "/tags/fantasy/share", method: .post, headers: maker, body: ByteBuffer(string: "share=1"))
            let link = try #require(try ShareLinks(store: server.store).link(of: TagName("fantasy")))
            #expect(link.language == .portugueseBrazil)
            let friend = try await client.execute(
                uri: link.path, method: .get, headers: [.acceptLanguage: "de"])
            let page = Routes.body(friend)
            #expect(page.contains("<html lang=\"pt-BR\"") && page.contains("12 livros de Open Library"))
            #expect(page.contains("Compartilhado somente para leitura pelo booktag."))
        }
    }

    /// Brand names, formats and the form's own values, which no language translates.
    static let untranslated: Set = [
        "booktag", "Open", "Library", "Goodreads", "StoryGraph", "LibraryThing", "BookWyrm", "Hardcover", "PNG", "JPEG",
        "PDF", "ppi", "story", "square", "phone", "wallpaper", "read", "want", "Automatic", "English", "Español",
        "Deutsch", "Français", "Italiano", "Português", "Brasil", "简体中文", "fantasy", "Calibre", "KOReader", "ISBN",
    ]

    @Test func inThePseudoLanguageNoPageWordEscapesTheCatalogue() async throws {
        let server = try Routes.Server()
        try await server.test { client in
            #expect(try await Routes.add("fantasy", client)["state"] as? String == "done")
            try server.workspace.setLanguagePreference(.pseudo)
            let books = try server.store.books(of: TagName("fantasy"))
            let data = books.flatMap { [$0.book.title, $0.book.authorName ?? ""] }.sorted { $0.count > $1.count }
            let first = try #require(books.first).book.bookID
            for path in ["/", "/tags/fantasy", "/import", "/books/openlibrary/\(first.value)", "/tags/nowhere"] {
                var text = try await Self.page(path, client)
                // What a reader reads: text between tags, and the alternatives and labels read aloud.
                // Errors stay English, as the command line's do.
                text = text.replacingOccurrences(
                    of: #"<(script|style)[^>]*>.*?</\1>|<p class="alert" role="alert">.*?</p>"#, with: "",
                    options: .regularExpression)
                let spoken = ["alt", "aria-label", "placeholder"].flatMap { attribute in
                    ServeShareTests.addresses(text, attribute: attribute)
                }
                text = text.replacingOccurrences(of: #"<[^>]*>"#, with: " ", options: .regularExpression)
                text += " " + spoken.joined(separator: " ")
                text = text.replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&quot;", with: "\"")
                    .replacingOccurrences(of: "&#39;", with: "'")
                for value in data where !value.isEmpty { text = text.replacingOccurrences(of: value, with: "") }
                let outside = text.replacingOccurrences(of: #"⟦[^⟧]*⟧"#, with: "", options: .regularExpression)
                let english = outside.split(whereSeparator: { !$0.isLetter }).map(String.init)
                    .filter { $0.count >= 3 && !Self.untranslated.contains($0) }
                #expect(english.isEmpty, "\(path): English outside the catalogue: \(Set(english).sorted())")
            }
        }
    }
}

extension ServeLanguageTests {
    /// A job's lines are in the language of the page that started it, its numbers the locale's.
    @Test func aJobSpeaksTheLanguageOfThePageThatStartedIt() {
        let events = Locked<[JobRegistry.Event]>([])
        let add = JobProgress(wanted: 12, words: Words(.spanish)) { event in events.withLock { $0.append(event) } }
        add.handle(.waiting(seconds: 0.8, interval: 1))
        add.handle(.retrying(seconds: 2))
        let imported = JobProgress(wanted: 40, importing: true, words: Words(.german)) { event in
            events.withLock { $0.append(event) }
        }
        imported.handle(.waiting(seconds: 0.8, interval: 1))
        let lines = events.withLock { $0 }.compactMap { $0.progress?.line }
        #expect(lines.count == 3)
        #expect(lines[0] == "esperando 0,8 s el siguiente turno de la API; 0 de 12 portadas guardadas", "\(lines)")
        #expect(lines[1] == "la fuente no respondió; reintentando en 2,0 s", "\(lines)")
        #expect(lines[2].hasPrefix("Import: 0/0 Cover bei Open Library gefunden"), "\(lines)")
        #expect(lines[2].contains("warte 0,8 s auf die API"), "\(lines)")
    }
}
