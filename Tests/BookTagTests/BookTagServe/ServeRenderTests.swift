import BookTagTestSupport
import Foundation
import Testing

/// Collages drawn on request run on a pool of their own: four large renders at once do not hold
/// up the threads that answer the tags list. (Before, each render held one of the two request
/// threads, and `/api/tags` waited for renders to end.)
@Suite("Serve renders", .serialized)
struct ServeRenderTests {
    @Test func theTagsListIsAnsweredWhileFourCollagesRender() async throws {
        let home = try TemporaryHome()
        let add = try await BooktagProcess.run([
            "add", "fantasy", "--quiet", "--home", home.folder.path, "--replay", Fixtures.openLibraryReplay.path,
        ])
        #expect(add.status == 0, "\(add.errors)")
        let server = try await ServeProcess(home: home.folder)

        // Each render of a 4k poster takes about 0.8 s of a core in a debug build, and two of the
        // four wait for a render thread: the first answer comes well after the list's.
        let order = Answers()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for number in 1...4 {
                group.addTask {
                    let response = try await server.request("GET", "/api/tags/fantasy/collage.png?size=4k&stats=1")
                    #expect(response.status == 200 && response.body.count > 100_000)
                    await order.add("render \(number)")
                }
            }
            try await Task.sleep(for: .milliseconds(250))
            let tags = try await server.request("GET", "/api/tags")
            #expect(tags.status == 200 && tags.text.contains("fantasy"))
            await order.add("tags")
            try await group.waitForAll()
        }
        let answered = await order.names
        #expect(answered.first == "tags", "the tags list came after a render: \(answered)")
        #expect(answered.count == 5)
        server.signal(SIGTERM)
        #expect(await server.waitForExit(seconds: 10) == 0)
    }
}

/// The order in which answers came.
private actor Answers {
    var names: [String] = []
    func add(_ name: String) { names.append(name) }
}
