import BookTag
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
