import BookTagTestSupport
import Foundation
import Testing

/// Collages drawn on request run on a pool of their own: a dozen large renders at once do not hold
/// up the threads that answer the tags list. (Before, each render held one of the two request
/// threads, and `/api/tags` waited for the renders queued before it to end.)
@Suite("Serve renders", .serialized)
struct ServeRenderTests {
    @Test func theTagsListIsAnsweredWhileADozenCollagesRender() async throws {
        let home = try TemporaryHome()
        let add = try await BooktagProcess.run([
            "add", "fantasy", "--quiet", "--home", home.folder.path, "--replay", Fixtures.openLibraryReplay.path,
        ])
        #expect(add.status == 0, "\(add.errors)")
        let server = try await ServeProcess(home: home.folder)

        // Renders take two at a time, and a dozen 4k posters keep the pool busy for seconds
        // whatever the machine's speed. Held on the request threads, the list would come after
        // nearly all of them; on their own pool it comes after the few that end before it is
        // asked for. Not "first": a loaded machine may end one or two renders in the 250 ms.
        let renders = 12
        let order = Answers()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for number in 1...renders {
                group.addTask {
                    let response = try await server.request("GET", "/api/tags/fantasy/collage.png?size=4k&stats=1")
                    // A 4k PNG: its header's width (bytes 16-19) is 3840.
                    let bytes = Array(response.body)
                    let width = bytes.count > 24 ? bytes[16..<20].reduce(0) { $0 << 8 | Int($1) } : 0
                    #expect(response.status == 200 && width == 3840, "\(response.body.count) bytes")
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
        let rendersBefore = answered.firstIndex(of: "tags") ?? answered.count
        print("FIGURE: the tags list answered after \(rendersBefore) of \(renders) renders")
        #expect(rendersBefore < renders / 2, "the tags list came after \(rendersBefore) renders: \(answered)")
        #expect(answered.count == renders + 1)
        server.signal(SIGTERM)
        #expect(await server.waitForExit(seconds: 60) == 0)
    }
}

/// The order in which answers came.
private actor Answers {
    var names: [String] = []
    func add(_ name: String) { names.append(name) }
}
