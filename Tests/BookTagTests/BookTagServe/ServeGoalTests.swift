import BookTag
import BookTagTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BookTagServe

/// `/api/goals/{year}`: the goal `booktag goal` keeps, set, read and removed through the API.
@Suite struct ServeGoalTests {
    typealias Routes = ServeRouteTests

    @Test func aGoalIsSetReadAndRemovedThroughTheAPI() async throws {
        let server = try Routes.Server()
        try await server.test { client in
            let missing = try await client.execute(uri: "/api/goals/2026", method: .get, headers: Routes.bearer)
            #expect(missing.status == .notFound && Routes.body(missing).contains("no goal for 2026"))
            let set = try await client.execute(
                uri: "/api/goals/2026", method: .put, headers: Routes.jsonHeaders,
                body: ByteBuffer(string: #"{"books": 50, "pages": 15000}"#))
            #expect(set.status == .ok)
            let read = try Routes.json(
                try await client.execute(uri: "/api/goals/2026", method: .get, headers: Routes.bearer))
            #expect(read["year"] as? Int == 2026 && read["books"] as? Int == 50 && read["pages"] as? Int == 15000)
            #expect(try server.store.goal(2026) == ReadingGoal(year: 2026, books: 50, pages: 15000))
            for (uri, body) in [
                ("/api/goals/2026", #"{"books": 0}"#), ("/api/goals/26", #"{"books": 5}"#),
                ("/api/goals/2026", #"{"pages": 5}"#),
            ] {
                let refused = try await client.execute(
                    uri: uri, method: .put, headers: Routes.jsonHeaders, body: ByteBuffer(string: body))
                #expect(refused.status == .badRequest, "\(uri) \(body): \(Routes.body(refused))")
            }
            #expect(try server.store.goal(2026)?.books == 50, "a refusal changes nothing")
            let removed = try await client.execute(uri: "/api/goals/2026", method: .delete, headers: Routes.bearer)
            #expect(removed.status == .noContent)
            #expect(try server.store.goal(2026) == nil)
            let noToken = try await client.execute(uri: "/api/goals/2026", method: .get)
            #expect(noToken.status == .unauthorized)
        }
    }
}

extension ServeGoalTests {
    /// The year's page sets, shows and clears the goal with its forms, in the words the terminal
    /// uses; the genuine StoryGraph export's 2024, imported with no network (covers drawn).
    @Test func theYearPageSetsShowsAndClearsTheGoal() async throws {
        let server = try ServeImportTests.Server(openLibrary: URL(string: "http://127.0.0.1:9")!)
        var request = ImportRequest(file: StoryGraphTests.raw, year: 2024)
        request.name = "mapmyreads.csv"
        let imports = ImportLibrary(workspace: server.workspace, store: server.store)
        _ = try await imports.run(
            try imports.plan(request), configuration: try server.workspace.configuration(), nightMode: false)
        try await server.test { client in
            let page = "/tags/read%202024"
            let before = Routes.body(try await client.execute(uri: page, method: .get, headers: Routes.bearer))
            #expect(before.contains("<h2 id=\"goal-heading\">Goal for 2024</h2>") && before.contains("Set the goal"))
            #expect(!before.contains("Clear the goal"))
            let set = try await client.execute(
                uri: page + "/goal", method: .post, headers: Routes.formHeaders,
                body: ByteBuffer(string: "books=30&pages="))
            #expect(set.status == .seeOther, "\(Routes.body(set))")
            #expect(try server.store.goal(2024) == ReadingGoal(year: 2024, books: 30))
            let after = Routes.body(try await client.execute(uri: page, method: .get, headers: Routes.bearer))
            let words = try #require(try server.store.stats(of: TagName("read 2024")).goal?.words)
            #expect(words.hasSuffix("of 30 books · goal missed") && after.contains(words), "\(words)")
            #expect(after.contains("Clear the goal") && after.contains(#"value="30""#))
            let refused = try await client.execute(
                uri: page + "/goal", method: .post, headers: Routes.formHeaders, body: ByteBuffer(string: "books=lots"))
            #expect(refused.status == .badRequest)
            #expect(try server.store.goal(2024)?.books == 30)
            let cleared = try await client.execute(
                uri: page + "/goal", method: .post, headers: Routes.formHeaders, body: ByteBuffer(string: "clear=1"))
            #expect(cleared.status == .seeOther)
            #expect(try server.store.goal(2024) == nil)
        }
    }
}
