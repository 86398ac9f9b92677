import BookTag
import BookTagTestSupport
import Foundation
import Testing

/// The use cases draw their collages where their face asks: serve's jobs on its render pool,
/// so that a job's collage never holds a thread that answers requests.
struct BlockingWorkTests {
    /// Counts the work it is given and runs it on a thread of its own.
    final class CountingWork: BlockingWork, @unchecked Sendable {
        private let lock = NSLock()
        private var runs = 0
        var count: Int { lock.withLock { runs } }

        func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
            lock.withLock { runs += 1 }
            return try await offThePool(work)
        }
    }

    @Test func addRerollAndDropDrawTheirCollagesWhereTheyAreTold() async throws {
        let home = try TemporaryHome()
        let workspace = Workspace(
            home: home.home, requests: .replay(Fixtures.openLibraryReplay),
            network: { _ in throw FetchError.cannotReach(host: "the network, which these tests never use") })
        let store = try workspace.openStore()
        let configuration = try workspace.configuration()
        let drawing = CountingWork()

        let addTag = AddTag(workspace: workspace, store: store, drawing: drawing)
        let request = AddRequest(tag: "fantasy")
        guard case .new(let name, let origin) = try addTag.plan(request) else {
            Issue.record("a new home has no tag")
            return
        }
        let added = try await addTag.run(
            request, name: name, origin: origin, configuration: configuration, nightMode: false)
        #expect(added.outcome.collage != nil)
        #expect(drawing.count == 1, "the add's collage")

        let rerollTag = RerollTag(workspace: workspace, store: store, drawing: drawing)
        _ = try await rerollTag.run(try rerollTag.check(name), configuration: configuration, nightMode: false)
        #expect(drawing.count >= 2, "the reroll's collage")

        let before = drawing.count
        let dropBooks = DropBooks(workspace: workspace, store: store, drawing: drawing)
        let drop = DropRequest(books: ["1"], replace: false)
        let dropped = try await dropBooks.run(
            try dropBooks.check(name, drop), drop, configuration: configuration, nightMode: false)
        #expect(dropped.outcome.collages.count == 1)
        #expect(drawing.count > before, "the drop's collage")
    }
}
