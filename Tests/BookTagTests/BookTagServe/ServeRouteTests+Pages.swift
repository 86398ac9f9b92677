import BookTag
import BookTagTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BookTagServe

/// The pages: forms, covers, downloads, the app's manifest, escaping.
extension ServeRouteTests {
    @Test func formsPostThenRedirect() async throws {
        let server = try Server()
        try await server.test { client in
            let add = try await client.execute(
                uri: "/tags", method: .post, headers: Self.formHeaders,
                body: ByteBuffer(string: "tag=Science+Fiction&from=openlibrary&count=12"))
            #expect(add.status == .seeOther)
            let location = try #require(add.headers[.location])
            #expect(location.hasPrefix("/tags/Science%20Fiction?job="))
            _ = try await Self.finished(String(location.split(separator: "=").last!), client)
            let page = try await client.execute(uri: location, method: .get, headers: Self.bearer)
            #expect(page.status == .ok)
            #expect(Self.body(page).contains("<h1>Science Fiction</h1>"))
            let bad = try await client.execute(
                uri: "/tags", method: .post, headers: Self.formHeaders, body: ByteBuffer(string: "tag=&from=shelf"))
            #expect(bad.status == .badRequest)
            #expect(Self.body(bad).contains("role=\"alert\""))
            let first = try #require(try server.store.books(of: TagName("science fiction")).first)
            let drop = try await client.execute(
                uri: "/tags/science%20fiction/drop", method: .post, headers: Self.formHeaders,
                body: ByteBuffer(string: "book=\(first.book.bookID.value)"))
            #expect(drop.status == .seeOther)
            _ = try await Self.finished(
                String(try #require(drop.headers[.location]).split(separator: "=").last!), client)
            #expect(try server.store.books(of: TagName("science fiction")).count == 11)
            let delete = try await client.execute(
                uri: "/tags/science%20fiction/delete", method: .post, headers: Self.formHeaders)
            #expect(delete.status == .seeOther)
            #expect(delete.headers[.location] == "/")
            #expect(try server.store.tags().isEmpty)
        }
    }

    @Test func coversByStoredNameWithImmutableCaching() async throws {
        let server = try Server()
        try await server.test { client in
            _ = try await Self.add("fantasy", client)
            let entry = try #require(try server.store.books(of: TagName("fantasy")).first)
            let name = String(entry.book.coverPath.split(separator: "/").last!)
            let cover = try await client.execute(uri: "/covers/\(name)", method: .get, headers: Self.bearer)
            #expect(cover.status == .ok)
            #expect(cover.headers[.cacheControl]?.contains("immutable") == true)
            let etag = try #require(cover.headers[.eTag])
            #expect(Data(buffer: cover.body) == (try Data(contentsOf: server.store.coverURL(entry.book.coverPath))))
            var again = Self.bearer
            again[.ifNoneMatch] = etag
            let notModified = try await client.execute(uri: "/covers/\(name)", method: .get, headers: again)
            #expect(notModified.status == .notModified)
            #expect(notModified.body.readableBytes == 0)
            // A well-formed name the store does not hold.
            let unknown = try await client.execute(
                uri: "/covers/\(String(repeating: "0", count: 64)).png", method: .get, headers: Self.bearer)
            #expect(unknown.status == .notFound)
        }
    }

    @Test func collageDownloadsAtAPresetChangeNoFile() async throws {
        let server = try Server()
        try await server.test { client in
            _ = try await Self.add("fantasy", client)
            let collage = server.home.home.collagesFolder.appendingPathComponent("fantasy.png")
            let before = try Data(contentsOf: collage)
            let png = try await client.execute(
                uri: "/api/tags/fantasy/collage.png?size=story&stats=1", method: .get, headers: Self.bearer)
            #expect(png.status == .ok)
            #expect(png.headers[.contentType] == "image/png")
            let image = try #require(ImageInfo(Data(buffer: png.body)))
            #expect((image.width, image.height) == (1080, 1920))
            let jpeg = try await client.execute(
                uri: "/api/tags/fantasy/collage.jpeg?size=square", method: .get, headers: Self.bearer)
            let jpegInfo = try #require(ImageInfo(Data(buffer: jpeg.body)))
            #expect(jpegInfo.format == .jpeg)
            #expect(jpegInfo.width == 1080)
            for query in ["size=huge", "columns=0", "background=nocolour", "flavour=1"] {
                let bad = try await client.execute(
                    uri: "/api/tags/fantasy/collage.png?\(query)", method: .get, headers: Self.bearer)
                #expect(bad.status == .badRequest, "\(query)")
            }
            #expect(try Data(contentsOf: collage) == before)
            #expect(
                !FileManager.default.fileExists(
                    atPath: server.home.home.collagesFolder.appendingPathComponent("fantasy.jpg").path))
        }
    }

    @Test func theManifestAndItsIconsInstallTheAppWithTheNightPreferencesColours() async throws {
        let server = try Server()
        try await server.test { client in
            let page = try await client.execute(uri: "/", method: .get, headers: Self.bearer) { Self.body($0) }
            #expect(
                page.contains("<link rel=\"manifest\" href=\"/manifest.webmanifest\" crossorigin=\"use-credentials\">"),
                "the cookie goes with the manifest's request")
            #expect(page.contains("<meta name=\"theme-color\" content=\"\(CollageTheme.day.background.hex)\">"))
            let day = try await client.execute(uri: "/manifest.webmanifest", method: .get, headers: Self.bearer) {
                response in
                #expect(response.headers[.contentType] == "application/manifest+json")
                #expect(response.headers[.contentSecurityPolicy]?.contains("manifest-src 'self'") == true)
                return try Self.json(response)
            }
            #expect(day["display"] as? String == "standalone" && day["start_url"] as? String == "/")
            #expect(day["theme_color"] as? String == CollageTheme.day.background.hex)
            let icons = try #require(day["icons"] as? [[String: String]])
            #expect(
                Set(icons.map { $0["sizes"] ?? "" }) == ["192x192", "512x512"]
                    && icons.contains { $0["purpose"] == "maskable" })
            for (path, size) in [
                ("/icons/icon-192.png", 192), ("/icons/icon-512.png", 512), ("/icons/maskable-512.png", 512),
                ("/icons/apple-touch-icon.png", 180),
            ] {
                let data = try await client.execute(uri: path, method: .get, headers: Self.bearer) {
                    Data(buffer: $0.body)
                }
                let info = try #require(ImageInfo(data), "\(path) is an image")
                #expect(info.format == .png && info.width == size && info.height == size, "\(path)")
            }
            let unauthorised = try await client.execute(uri: "/manifest.webmanifest", method: .get) { $0.status }
            #expect(unauthorised == .unauthorized, "the manifest passes the same checks as every request")
            try server.workspace.setNightMode(true)
            let night = try await client.execute(uri: "/manifest.webmanifest", method: .get, headers: Self.bearer) {
                try Self.json($0)
            }
            #expect(night["theme_color"] as? String == CollageTheme.night.background.hex)
            #expect(night["background_color"] as? String == CollageTheme.night.background.hex)
        }
    }

    @Test func theTagPageOffersShareAndDownloadLinksThatWorkWithoutScript() async throws {
        let server = try Server()
        try await server.test { client in
            _ = try await Self.add("fantasy", client)
            let page = try await client.execute(uri: "/tags/fantasy", method: .get, headers: Self.bearer) {
                Self.body($0)
            }
            #expect(
                page.contains("<button type=\"button\" id=\"share-button\" hidden>"), "Share appears with script only")
            #expect(page.contains("<input type=\"hidden\" name=\"download\" value=\"1\">"))
            for size in ["story", "square", "phone", "wallpaper"] {
                #expect(page.contains("<option value=\"\(size)\">"))
            }
            let download = try await client.execute(
                uri: "/api/tags/fantasy/collage.png?size=story&stats=1&download=1", method: .get, headers: Self.bearer
            ) { $0 }
            #expect(download.status == .ok)
            #expect(download.headers[.contentDisposition] == "attachment; filename=\"booktag-story.png\"")
            let info = try #require(ImageInfo(Data(buffer: download.body)))
            #expect(info.width == 1080 && info.height == 1920)
            let shown = try await client.execute(
                uri: "/api/tags/fantasy/collage.png?size=square", method: .get, headers: Self.bearer
            ) { $0.headers[.contentDisposition] }
            #expect(shown == "inline; filename=\"booktag-square.png\"")
        }
    }

    @Test func hostileTitlesReachPagesOnlyEscaped() async throws {
        let server = try Server()
        let hostile = #"<script>alert(1)</script><img src=x onerror=alert(2)>"#
        var books = SyntheticBooks.set(1, count: 1)
        books[0].work.title = hostile
        let id = books[0].work.id.value
        _ = try server.store.createTag(
            TagName(hostile), source: .goodreads, books: books,
            search: SearchPosition(totalResults: 1, pageSize: 20, startPage: 1))
        try await server.test { client in
            for uri in ["/", "/tags/\(ServePages.pathComponent(hostile))", "/books/goodreads/\(id)"] {
                let page = try await client.execute(uri: uri, method: .get, headers: Self.bearer)
                #expect(page.status == .ok, "\(uri)")
                let html = Self.body(page)
                #expect(!html.contains("<script>alert"), "\(uri)")
                #expect(!html.contains("<img src=x"), "\(uri)")
                #expect(html.contains("&lt;script&gt;"), "\(uri)")
            }
        }
    }
}

extension ServeRouteTests {
    /// The add form's Hardcover and BookWyrm choices become the library's requests, checked by
    /// its rules (a BookWyrm year is refused, as on the command line).
    @Test func theAddFormOffersHardcoverAndBookWyrm() throws {
        let page = ServePages.tagsPage(tags: [], strips: [:], running: [:], frame: .init(night: false))
        #expect(page.contains("value=\"hardcover\"") && page.contains("value=\"bookwyrm\""))
        let hardcover = try FormsController.addRequest(
            .init(tag: "mine", from: "hardcover", shelf: "", year: "2025", count: nil))
        #expect(hardcover.source == .hardcover && hardcover.shelf == nil && hardcover.year == 2025)
        #expect(try hardcover.checked().origin?.shelfSource == .hardcover)
        let wyrm = try FormsController.addRequest(
            .init(tag: "wyrm", from: "bookwyrm", shelf: "mouse@bookwyrm.social/read", year: nil, count: nil))
        #expect(try wyrm.checked().origin?.shelfSource == .bookwyrm)
        let wyrmYear = try FormsController.addRequest(
            .init(tag: "wyrm", from: "bookwyrm", shelf: "mouse@bookwyrm.social", year: "2025", count: nil))
        #expect(wyrmYear.year == 2025)
        #expect(throws: (any Error).self, "a BookWyrm shelf has no read days") { try wyrmYear.checked() }
    }
}
