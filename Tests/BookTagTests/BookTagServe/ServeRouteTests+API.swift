import BookTag
import BookTagTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BookTagServe

/// The JSON API: jobs, bodies, the answers `--json` gives, progress as events.
extension ServeRouteTests {
    @Test func addRunsAsAJobAndTheTagIsListedAsListJSONShowsIt() async throws {
        let server = try Server()
        try await server.test { client in
            let job = try await Self.add("Fantasy", client)
            #expect(job["state"] as? String == "done")
            #expect(job["kind"] as? String == "add")
            let result = try #require(job["result"] as? [String: Any])
            #expect((result["books"] as? [Any])?.count == 12)
            let tags = try await client.execute(uri: "/api/tags", method: .get, headers: Self.bearer)
            let list = try #require(try JSONSerialization.jsonObject(with: Data(buffer: tags.body)) as? [[String: Any]])
            #expect(list.map { $0["name"] as? String } == ["Fantasy"])
            #expect(list.first?["books"] as? Int == 12)
            // The same document as `list --json`.
            let expected = try JSONReport.encode(TagListEntry.entries(store: server.store), pretty: false)
            #expect(Data(buffer: tags.body) == expected)
            let again = try await client.execute(
                uri: "/api/tags", method: .post, headers: Self.jsonHeaders,
                body: ByteBuffer(string: #"{"tag":" fantasy "}"#))
            #expect(again.status == .conflict)
        }
    }

    /// `/api/tags` is kept between requests, but never past a change made elsewhere: another
    /// connection's commit (the command line) or a collage removed.
    @Test func theTagListFollowsChangesMadeOutsideTheServer() async throws {
        let server = try Server()
        try await server.test { client in
            _ = try await Self.add("fantasy", client)
            _ = try await Self.add("science fiction", client)
            func names() async throws -> [String] {
                let response = try await client.execute(uri: "/api/tags", method: .get, headers: Self.bearer)
                let list = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [[String: Any]]
                return (list ?? []).compactMap { $0["name"] as? String }
            }
            #expect(try await names() == ["fantasy", "science fiction"])
            #expect(try await names() == ["fantasy", "science fiction"])
            let elsewhere = try BookStore.open(home: server.home.home)
            try elsewhere.removeTag(TagName("fantasy"))
            #expect(try await names() == ["science fiction"])
            let withCollage = try await client.execute(uri: "/api/tags", method: .get, headers: Self.bearer) {
                try JSONSerialization.jsonObject(with: Data(buffer: $0.body)) as? [[String: Any]]
            }
            let collage = try #require(withCollage?.first?["collage"] as? String)
            try FileManager.default.removeItem(atPath: collage)
            let withoutCollage = try await client.execute(uri: "/api/tags", method: .get, headers: Self.bearer) {
                try JSONSerialization.jsonObject(with: Data(buffer: $0.body)) as? [[String: Any]]
            }
            #expect(withoutCollage?.first?["collage"] is NSNull || withoutCollage?.first?["collage"] == nil)
        }
    }

    @Test func badBodiesAreRefusedWithTheirStatusAndChangeNothing() async throws {
        let server = try Server()
        try await server.test { client in
            let cases: [(String, HTTPFields, String, HTTPResponse.Status)] = [
                ("/api/tags", Self.jsonHeaders, "{not json", .badRequest),
                ("/api/tags", Self.jsonHeaders, #"{"tag": 7}"#, .badRequest),
                ("/api/tags", Self.jsonHeaders, #"{"count": 3}"#, .badRequest),
                ("/api/tags", Self.jsonHeaders, #"{"tag": "   "}"#, .badRequest),
                ("/api/tags", Self.jsonHeaders, #"{"tag": "fantasy", "count": 0}"#, .badRequest),
                ("/api/tags", Self.jsonHeaders, #"{"tag": "fantasy", "shelf": "not a shelf"}"#, .badRequest),
                ("/api/tags", Self.jsonHeaders, #"{"tag": "fantasy", "year": 2025}"#, .badRequest),
                ("/api/tags", Self.jsonHeaders, #"{"tag": "fantasy", "source": "amazon"}"#, .badRequest),
                (
                    "/api/tags", Self.bearer.merging([.contentType: "text/plain"]), #"{"tag": "fantasy"}"#,
                    .unsupportedMediaType
                ),
                (
                    "/api/tags", Self.bearer.merging([.contentType: "application/x-www-form-urlencoded"]),
                    "tag=fantasy", .unsupportedMediaType
                ),
                ("/api/night", Self.jsonHeaders, #"{"night": "yes"}"#, .badRequest),
            ]
            for (uri, headers, body, status) in cases {
                let method: HTTPRequest.Method = uri == "/api/night" ? .put : .post
                let response = try await client.execute(
                    uri: uri, method: method, headers: headers, body: ByteBuffer(string: body))
                #expect(response.status == status, "\(body)")
                let error = try Self.json(response)["error"] as? String
                #expect(error?.isEmpty == false, "\(body)")
                #expect(error?.contains("\n") == false)
            }
            let huge = ByteBuffer(repeating: UInt8(ascii: "a"), count: 20 * 1024 * 1024)
            let tooLarge = try await client.execute(
                uri: "/api/tags", method: .post, headers: Self.jsonHeaders, body: huge)
            #expect(tooLarge.status == .contentTooLarge)
            let form = try await client.execute(uri: "/tags", method: .post, headers: Self.formHeaders, body: huge)
            #expect(form.status == .contentTooLarge)
            #expect(try server.store.tags().isEmpty)
            #expect(PreferencesStore(home: server.home.home).load().preferences.nightMode == false)
        }
    }

    @Test func unknownTagsAndBooksAre404InTheirForm() async throws {
        let server = try Server()
        try await server.test { client in
            for uri in [
                "/api/tags/nothing", "/api/tags/nothing/stats", "/api/tags/nothing/collage.png",
                "/api/books/openlibrary/OL1W", "/api/books/goodreads/5", "/api/jobs/0123", "/api/jobs/0123/events",
                "/api/nowhere", "/api",
            ] {
                let response = try await client.execute(uri: uri, method: .get, headers: Self.bearer)
                #expect(response.status == .notFound, "\(uri)")
                #expect(try Self.json(response)["error"] as? String != nil, "\(uri)")
            }
            for uri in ["/tags/nothing", "/books/openlibrary/OL1W", "/books/amazon/1", "/nowhere"] {
                let response = try await client.execute(uri: uri, method: .get, headers: Self.bearer)
                #expect(response.status == .notFound, "\(uri)")
                #expect(response.headers[.contentType]?.hasPrefix("text/html") == true)
                #expect(Self.body(response).contains("role=\"alert\""), "\(uri)")
            }
            let delete = try await client.execute(uri: "/api/tags/nothing", method: .delete, headers: Self.bearer)
            #expect(delete.status == .notFound)
            let reroll = try await client.execute(uri: "/api/tags/nothing/reroll", method: .post, headers: Self.bearer)
            #expect(reroll.status == .notFound)
        }
    }

    @Test func encodedDotsInPathsReachNoFile() async throws {
        let server = try Server()
        try await server.test { client in
            _ = try await Self.add("fantasy", client)
            for uri in [
                "/covers/..%2F..%2Fstore.sqlite", "/covers/%2E%2E%2Fconfig.json", "/covers/..%2f..%2f..%2fetc%2fpasswd",
                "/assets/..%2Fapp.css", "/tags/..%2F..%2Fstore.sqlite", "/api/tags/..%2F..%2Fetc/collage.png",
                "/books/openlibrary/..%2F..%2Fstore.sqlite", "/api/books/goodreads/%2E%2E%2F1",
            ] {
                let response = try await client.execute(uri: uri, method: .get, headers: Self.bearer)
                #expect(response.status == .notFound, "\(uri)")
                #expect(!Self.body(response).contains("SQLite format"), "\(uri)")
            }
            let delete = try await client.execute(uri: "/api/tags/..%2Ffantasy", method: .delete, headers: Self.bearer)
            #expect(delete.status == .notFound)
            #expect(try server.store.tags().count == 1)
        }
    }

    @Test func booksStatsAndShowAsTheirCommandsPrintThem() async throws {
        let server = try Server()
        try await server.test { client in
            _ = try await Self.add("fantasy", client)
            let books = try await client.execute(uri: "/api/tags/Fantasy", method: .get, headers: Self.bearer)
            let expected = try server.store.books(of: TagName("fantasy")).map { BookRow($0, store: server.store) }
            #expect(Data(buffer: books.body) == (try JSONReport.encode(expected, pretty: false)))
            let stats = try await client.execute(uri: "/api/tags/fantasy/stats", method: .get, headers: Self.bearer)
            #expect(
                Data(buffer: stats.body)
                    == (try JSONReport.encode(try server.store.stats(of: TagName("fantasy")), pretty: false)))
            let first = try #require(expected.first)
            let book = try await client.execute(
                uri: "/api/books/openlibrary/\(first.id)", method: .get, headers: Self.bearer
            ) { try Self.json($0) }
            #expect(book["title"] as? String == first.title)
            #expect(book["tags"] as? [String] == ["fantasy"])
            let page = try await client.execute(
                uri: "/books/openlibrary/\(first.id)", method: .get, headers: Self.bearer)
            #expect(page.status == .ok)
            #expect(Self.body(page).contains(first.title.htmlEscaped))
            #expect(Self.body(page).contains("href=\"/tags/fantasy\""))
        }
    }

    @Test func rerollDropAndDeleteThroughTheAPI() async throws {
        let server = try Server()
        try await server.test { client in
            _ = try await Self.add("fantasy", client)
            let before = try server.store.books(of: TagName("fantasy")).map(\.book.bookID)
            let reroll = try await client.execute(uri: "/api/tags/fantasy/reroll", method: .post, headers: Self.bearer)
            #expect(reroll.status == .accepted)
            let rerolled = try await Self.finished(try #require(try Self.json(reroll)["job"] as? String), client)
            #expect(rerolled["state"] as? String == "done")
            let after = try server.store.books(of: TagName("fantasy")).map(\.book.bookID)
            #expect(after.count == 12)
            #expect(after != before)

            let victim = after[2]
            let drop = try await client.execute(
                uri: "/api/tags/fantasy/drop", method: .post, headers: Self.jsonHeaders,
                body: ByteBuffer(string: #"{"books": ["\#(victim.value)"], "replace": true}"#))
            #expect(drop.status == .accepted)
            let dropped = try await Self.finished(try #require(try Self.json(drop)["job"] as? String), client)
            #expect(dropped["state"] as? String == "done", "\(dropped)")
            let report = try #require(dropped["result"] as? [String: Any])
            #expect(report["replacements"] as? Int == 1)
            let refilled = try server.store.books(of: TagName("fantasy")).map(\.book.bookID)
            #expect(refilled.count == 12)
            #expect(!refilled.contains(victim))

            let missing = try await client.execute(
                uri: "/api/tags/fantasy/drop", method: .post, headers: Self.jsonHeaders,
                body: ByteBuffer(string: #"{"books": ["OL1W"]}"#))
            let failed = try await Self.finished(try #require(try Self.json(missing)["job"] as? String), client)
            #expect(failed["state"] as? String == "failed")
            #expect((failed["error"] as? String)?.isEmpty == false)
            #expect(try server.store.books(of: TagName("fantasy")).map(\.book.bookID) == refilled)

            let delete = try await client.execute(uri: "/api/tags/fantasy", method: .delete, headers: Self.bearer)
            #expect(delete.status == .noContent)
            #expect(try server.store.tags().isEmpty)
            #expect(server.home.coverFilesOnDisk().isEmpty)
        }
    }

    @Test func nightIsTheSamePreferenceAsTheCommand() async throws {
        let server = try Server()
        try await server.test { client in
            let put = try await client.execute(
                uri: "/api/night", method: .put, headers: Self.jsonHeaders,
                body: ByteBuffer(string: #"{"night": true}"#))
            #expect(try Self.json(put)["night"] as? Bool == true)
            #expect(PreferencesStore(home: server.home.home).load().preferences.nightMode)
            let page = try await client.execute(uri: "/", method: .get, headers: Self.bearer)
            #expect(Self.body(page).contains("<html lang=\"en\" class=\"night\">"))
            let form = try await client.execute(
                uri: "/night", method: .post, headers: Self.formHeaders,
                body: ByteBuffer(string: "night=off&back=%2Ftags%2Ffantasy"))
            #expect(form.status == .seeOther)
            #expect(form.headers[.location] == "/tags/fantasy")
            #expect(!PreferencesStore(home: server.home.home).load().preferences.nightMode)
            let away = try await client.execute(
                uri: "/night", method: .post, headers: Self.formHeaders,
                body: ByteBuffer(string: "back=//evil.example/"))
            #expect(away.headers[.location] == "/")
            let get = try await client.execute(uri: "/api/night", method: .get, headers: Self.bearer) {
                try Self.json($0)
            }
            #expect(get["night"] as? Bool == true)
        }
    }
}
