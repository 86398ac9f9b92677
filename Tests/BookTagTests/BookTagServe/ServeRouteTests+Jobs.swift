import BookTag
import BookTagTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BookTagServe

/// Jobs: one per tag, their progress as Server-Sent Events.
extension ServeRouteTests {
    @Test func oneJobPerTagAtATime() async throws {
        let server = try Server()
        let gate = AsyncStream<Void>.makeStream()
        let jobs = server.jobs
        let first = try jobs.start(kind: "add", tags: [TagName("fantasy")]) { _ in
            for await _ in gate.stream {}
            return JSONFragment(raw: "{}")
        }
        try await server.test { client in
            let second = try await client.execute(
                uri: "/api/tags", method: .post, headers: Self.jsonHeaders,
                body: ByteBuffer(string: #"{"tag":"FANTASY"}"#))
            #expect(second.status == .conflict)
            #expect(try Self.json(second)["error"] as? String != nil)
            let running = try await client.execute(uri: "/api/jobs/\(first)", method: .get, headers: Self.bearer) {
                try Self.json($0)
            }
            #expect(running["state"] as? String == "running")
            let other = try await client.execute(
                uri: "/api/tags", method: .post, headers: Self.jsonHeaders,
                body: ByteBuffer(string: #"{"tag":"history"}"#))
            #expect(other.status == .accepted)
            gate.continuation.finish()
            _ = try await Self.finished(first, client)
        }
    }

    @Test func progressStreamsAsServerSentEventsEndingInDone() async throws {
        let server = try Server()
        try await server.test { client in
            let started = try await client.execute(
                uri: "/api/tags", method: .post, headers: Self.jsonHeaders,
                body: ByteBuffer(string: #"{"tag":"fantasy"}"#))
            let job = try #require(try Self.json(started)["job"] as? String)
            let events = try await client.execute(uri: "/api/jobs/\(job)/events", method: .get, headers: Self.bearer)
            #expect(events.headers[.contentType] == "text/event-stream")
            let text = Self.body(events)
            let names = text.split(separator: "\n").filter { $0.hasPrefix("event: ") }.map { String($0.dropFirst(7)) }
            #expect(names.first == "page")
            #expect(names.last == "done")
            #expect(names.filter { $0 == "cover" }.count == 12)
            #expect(!names.contains("failed"))
            // Every data line is one JSON document.
            for line in text.split(separator: "\n") where line.hasPrefix("data: ") {
                #expect((try? JSONSerialization.jsonObject(with: Data(line.dropFirst(6).utf8))) != nil)
            }
        }
    }

    /// A job of 25,000 events (an import of 20,000 rows) keeps only its latest for a listener
    /// who comes late: the newest progress and the end, not the first pages and nothing after.
    @Test func aLateListenerHearsTheLatestEventsAndTheEnd() async throws {
        let jobs = JobRegistry()
        let id = try jobs.start(kind: "import", tags: [TagName("big")]) { report in
            for number in 0..<1_000 { report(JobRegistry.Event(name: "cover", json: "{\"n\":\(number)}")) }
            return JSONFragment(raw: "{}")
        }
        while jobs.snapshot(id)?.state == .running { try await Task.sleep(for: .milliseconds(5)) }
        let stream = try #require(jobs.events(id))
        var heard: [JobRegistry.Event] = []
        for await event in stream { heard.append(event) }
        #expect(heard.count == JobRegistry.keptEvents)
        #expect(
            heard.first?.json == "{\"n\":\(1_000 - JobRegistry.keptEvents + 1)}"
                && heard.dropLast().last?.json == "{\"n\":999}")
        #expect(heard.last?.name == "done")
    }
}
