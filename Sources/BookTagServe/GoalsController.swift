import BookTag
import Foundation
import Hummingbird

/// `/api/goals/{year}`: the reader's goal for a year, as `booktag goal` keeps it. `GET` answers
/// `{"year", "books", "pages"}` (404 without one), `PUT` `{"books", "pages"?}` sets it, `DELETE`
/// removes it (204).
struct GoalsController: Sendable {
    let store: BookStore
    let work: ServeWork

    func addRoutes(to api: RouterGroup<ServeContext>) {
        api.get("goals/{year}", use: goal)
        api.put("goals/{year}", use: setGoal)
        api.delete("goals/{year}", use: clearGoal)
    }

    /// `PUT`'s body.
    struct GoalBody: Decodable {
        var books: Int
        var pages: Int?
    }

    /// A goal as the API answers it: every key present.
    struct GoalAnswer: Encodable {
        var year: Int
        var books: Int
        var pages: Int?

        init(_ goal: ReadingGoal) {
            year = goal.year
            books = goal.books
            pages = goal.pages
        }

        enum CodingKeys: String, CodingKey { case year, books, pages }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(year, forKey: .year)
            try container.encode(books, forKey: .books)
            try container.encode(pages, forKey: .pages)
        }
    }

    static func year(_ context: ServeContext) throws -> Int {
        guard let year = Int(try context.parameters.require("year")), AddRequest.yearRange.contains(year) else {
            throw ServeError(.badRequest, "the year in the address must be a four-digit year such as 2026")
        }
        return year
    }

    @Sendable func goal(_ request: Request, context: ServeContext) async throws -> JSONAnswer {
        let year = try Self.year(context)
        let store = store
        guard let goal = try await work.read({ try store.goal(year) }) else {
            throw ServeError.notFound("there is no goal for \(year)")
        }
        return JSONAnswer(GoalAnswer(goal))
    }

    @Sendable func setGoal(_ request: Request, context: ServeContext) async throws -> JSONAnswer {
        let year = try Self.year(context)
        let body = try await request.decode(as: GoalBody.self, context: context)
        let goal = ReadingGoal(year: year, books: body.books, pages: body.pages)
        let store = store
        try await work.read { try store.setGoal(goal) }
        return JSONAnswer(GoalAnswer(goal))
    }

    @Sendable func clearGoal(_ request: Request, context: ServeContext) async throws -> Response {
        let year = try Self.year(context)
        let store = store
        guard try await work.read({ try store.clearGoal(year) }) else {
            throw ServeError.notFound("there is no goal for \(year)")
        }
        return Response(status: .noContent)
    }
}
