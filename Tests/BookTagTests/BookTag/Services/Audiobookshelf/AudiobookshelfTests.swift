import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

/// A reader's Audiobookshelf server through the built binary, against a SYNTHETIC server made
/// from its documented API (`SyntheticAudiobookshelf`). Figures are computed here from the
/// server's own sessions, not by booktag's code.
@Suite(.serialized) struct AudiobookshelfTests {
    static let utc = ["TZ": "UTC"]

    static func booktag(_ arguments: [String], home: TemporaryHome, environment: [String: String] = utc)
        async throws -> BooktagProcess.Run
    {
        try await BooktagProcess.run(arguments + ["--home", home.folder.path], environment: environment)
    }

    /// A home with the token (unless `token` is nil) and a pace fit for loopback.
    static func home(token: String?, server: String? = nil) throws -> TemporaryHome {
        let home = try TemporaryHome()
        var settings = [#""minRequestInterval": 0.2"#]
        if let token { settings.append(#""token": "Bearer \#(token)""#) }
        if let server { settings.append(#""server": "\#(server)""#) }
        try Data(#"{"audiobookshelf": {\#(settings.joined(separator: ", "))}}"#.utf8).write(to: home.home.configFile)
        return home
    }

    static func year(_ milliseconds: Int64) -> String {
        SyntheticAudiobookshelf.utcDay(milliseconds / 1000)
    }

    @Test func aYearOfListeningWithItsTimeSessionsAndCovers() async throws {
        let abs = try SyntheticAudiobookshelf(count: 90)
        let home = try Self.home(token: abs.token)
        let run = try await Self.booktag(
            [
                "add", "listened 2025", "--source", "audiobookshelf", "--server", abs.address + "/", "--year", "2025",
                "--count", "all", "--json", "-v",
            ], home: home)
        #expect(run.status == 0, "\(run.errors)")
        // Every book finished in 2025 (by the finish's day), the one without sessions included.
        let finished = abs.books.filter { $0.finishedAt.map { Self.year($0).hasPrefix("2025") } ?? false }
        let store = try BookStore.open(home: home.home)
        let kept = try store.books(of: TagName("listened 2025"))
        #expect(Set(kept.map(\.book.bookID.value)) == Set(finished.map(\.id)))
        #expect(finished.contains { $0.sessionless } && !finished.contains { $0.finishedAt == nil })
        // Every page of sessions was read (more than 250 sessions), and no podcast is a book.
        #expect(abs.sessions.count > 250 && abs.sessionPages.count == (abs.sessions.count + 249) / 250)
        #expect(!kept.contains { $0.book.bookID.value == "li_podcast" })
        // Covers came from the server with the token; a book without one got a drawn cover.
        let covers = abs.server.requests.filter { $0.path.hasSuffix("/cover") }
        #expect(covers.count == finished.count && covers.allSatisfy { $0.query["format"] == "jpeg" })
        let withCover = try #require(
            kept.first { entry in finished.first { $0.id == entry.book.bookID.value }!.hasCover })
        let coverFile = URL(fileURLWithPath: store.coverFilePath(withCover.book.coverPath))
        #expect(try Data(contentsOf: coverFile) == SyntheticBooks.pngCover(seed: withCover.book.bookID.value))
        #expect(!run.output.contains(abs.token) && !run.errors.contains(abs.token))

        // The time, from the sessions of the kept books that fall in 2025 by their own date.
        let ids = Set(finished.map(\.id))
        let rows = abs.sessions.filter { ids.contains($0.itemID) && $0.date.hasPrefix("2025") }
        let stats = try await Self.booktag(["stats", "listened 2025", "--json"], home: home)
        #expect(stats.status == 0, "\(stats.errors)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(stats.output.utf8)) as? [String: Any])
        #expect(json["calendarUnit"] as? String == "seconds")
        let time = try #require(json["time"] as? [String: Any])
        #expect(time["seconds"] as? Int == rows.reduce(0) { $0 + $1.timeListening })
        #expect(time["sessions"] as? Int == rows.count, "sessions a day or more apart are one each")
        #expect(time["readingDays"] as? Int == Set(rows.map(\.date)).count)
        var hours = [Int](repeating: 0, count: 24)
        for row in rows { hours[Int((row.startedAt / 1000) % 86_400 / 3600)] += row.timeListening }
        #expect(time["hours"] as? [Int] == hours)
        let longest = try #require(time["longestSession"] as? [String: Any])
        let expectedLongest = try #require(
            rows.max { ($0.timeListening, $1.startedAt) < ($1.timeListening, $0.startedAt) })
        #expect(longest["seconds"] as? Int == expectedLongest.timeListening)
        #expect(longest["day"] as? String == expectedLongest.date)
        #expect(longest["source"] as? String == "audiobookshelf")
        var byDay: [String: Int] = [:]
        for row in rows { byDay[row.date, default: 0] += row.timeListening }
        // The calendar: the seconds of each day of 2025, 1 January first.
        var days = [Int](repeating: 0, count: 365)
        for (day, seconds) in byDay { days[CalendarDay(day)!.number - CalendarDay("2025-01-01")!.number] = seconds }
        #expect(json["calendar"] as? [Int] == days)
        // Audiobooks have no pages: the headline says the time instead of "pages unknown".
        let headline = try store.stats(of: TagName("listened 2025")).headline
        #expect(headline.hasPrefix("\(finished.count) books · ") && headline.contains(" h read · longest session "))
        #expect(!headline.contains("pages"), "\(headline)")
    }

    @Test func aRecordingHoldsNoTokenAndReplaysWithoutOne() async throws {
        let abs = try SyntheticAudiobookshelf(count: 16)
        let home = try Self.home(token: abs.token, server: abs.address)
        let recording = home.folder.appendingPathComponent("recording")
        let recorded = try await Self.booktag(
            ["add", "heard", "--source", "audiobookshelf", "--record", recording.path], home: home)
        #expect(recorded.status == 0, "\(recorded.errors)")
        let files =
            FileManager.default.enumerator(at: recording, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
        #expect(files.count > 3)
        for file in files where !file.hasDirectoryPath {
            let bytes = try Data(contentsOf: file)
            #expect(bytes.range(of: Data(abs.token.utf8)) == nil, "\(file.lastPathComponent) holds the token")
        }
        let elsewhere = try Self.home(token: nil, server: abs.address)
        let replayed = try await Self.booktag(
            ["add", "heard", "--source", "audiobookshelf", "--replay", recording.path], home: elsewhere)
        #expect(replayed.status == 0, "\(replayed.errors)")
        let first = try BookStore.open(home: home.home).books(of: TagName("heard")).map(\.book.bookID)
        let second = try BookStore.open(home: elsewhere.home).books(of: TagName("heard")).map(\.book.bookID)
        #expect(first == second && first.count == 12)
    }

    @Test(arguments: [
        ("no token", 78, "no Audiobookshelf token"),
        ("no server", 78, "no Audiobookshelf server"),
        ("wrong token", 76, "refused the token"),
        ("html page", 76, "did not answer as an Audiobookshelf server"),
        ("sessions not json", 76, "did not answer as an Audiobookshelf server"),
        ("endless sessions", 76, "lists more pages of listening sessions"),
        ("redirect elsewhere", 76, "redirect"),
        ("unreachable", 69, "127.0.0.1"),
        ("public http", 64, "not on your own network"),
    ])
    func refusalsAreOneLineAndStoreNothing(fault: String, status: Int32, message: String) async throws {
        let abs = try SyntheticAudiobookshelf(count: 8) { request, _ in
            switch (fault, request.path) {
            case ("html page", "/api/me"):
                return LoopbackServer.Reply(
                    headers: ["Content-Type": "text/html"], body: Data("<html><body>router</body></html>".utf8))
            case ("sessions not json", "/api/me/listening-sessions"):
                return LoopbackServer.Reply(
                    headers: ["Content-Type": "application/json"], body: Data("{\"total\": ".utf8))
            case ("endless sessions", "/api/me/listening-sessions"):
                return LoopbackServer.Reply(
                    headers: ["Content-Type": "application/json"],
                    body: Data(
                        #"{"total": 900000000, "numPages": 90000000, "sessions": [{"libraryItemId": "x"}]}"#.utf8))
            case ("redirect elsewhere", "/api/me"):
                return LoopbackServer.Reply(
                    status: 302, headers: ["Location": "http://127.0.0.2:9/api/me"], body: Data())
            default: return nil
            }
        }
        let closed = try ClosedPort()
        var server = fault == "unreachable" ? "http://127.0.0.1:\(closed.port)" : abs.address
        if fault == "public http" { server = "http://books.example.com" }
        let home = try Self.home(token: fault == "no token" ? nil : abs.token)
        var environment = Self.utc
        if fault == "wrong token" { environment["BOOKTAG_AUDIOBOOKSHELF_TOKEN"] = "Bearer nope" }
        let arguments =
            ["add", "heard", "--source", "audiobookshelf"] + (fault == "no server" ? [] : ["--server", server])
        let run = try await Self.booktag(arguments, home: home, environment: environment)
        #expect(run.status == status, "\(fault): \(run.errors)")
        let lines = run.errors.split(separator: "\n").filter { $0.hasPrefix("error:") }
        #expect(lines.count == 1 && lines[0].contains(message), "\(fault): \(run.errors)")
        #expect(!run.errors.contains(abs.token) && !run.output.contains(abs.token))
        #expect(try BookStore.open(home: home.home).tags().isEmpty)
        withExtendedLifetime(closed) {}
    }

    @Test func serversAreCheckedBeforeAnyRequest() throws {
        let local = try ShelfReference("http://192.168.1.20:13378/", source: .audiobookshelf)
        #expect(local.description == "http://192.168.1.20:13378")
        #expect(
            try ShelfReference("https://abs.example.com/audiobookshelf", source: .audiobookshelf).description
                == "https://abs.example.com/audiobookshelf")
        #expect(try ShelfReference("http://nas.local:13378", source: .audiobookshelf).audiobookshelfServer != nil)
        for bad in [
            "ftp://abs", "https://", "https://user:pw@abs.example.com", "https://abs.example.com/?a=1",
            "https://abs.example.com/../x", "http://abs.example.com",
        ] {
            #expect(throws: ShelfReferenceError.self, "\(bad)") { try ShelfReference(bad, source: .audiobookshelf) }
        }
        #expect(AudiobookshelfClient.isItemID("li_8gch9ve09orgn4fdz8"))
        #expect(!AudiobookshelfClient.isItemID("../etc") && !AudiobookshelfClient.isItemID(""))
        #expect(throws: BookTagFailure.self) {
            try AddRequest(tag: "x", source: .audiobookshelf, shelf: "read").validate()
        }
    }

    @Test func implausibleSessionsAreLeftOut() throws {
        var clock = ReadingInterval.LocalClock(timeZone: TimeZone(identifier: "UTC")!)
        let now = Date(timeIntervalSince1970: 1_750_000_000)
        func session(_ started: Double?, _ seconds: Double?, date: String? = nil) -> AudiobookshelfResponse.Session {
            AudiobookshelfResponse.Session(date: date, timeListening: seconds, startedAt: started)
        }
        #expect(AudiobookshelfClient.interval(session(1_740_000_000_000, 0), clock: &clock, now: now) == nil)
        #expect(AudiobookshelfClient.interval(session(1_740_000_000_000, -5), clock: &clock, now: now) == nil)
        #expect(AudiobookshelfClient.interval(session(1_800_000_000_000, 60), clock: &clock, now: now) == nil)
        #expect(AudiobookshelfClient.interval(session(900_000_000_000, 60), clock: &clock, now: now) == nil)
        #expect(AudiobookshelfClient.interval(session(.nan, 60), clock: &clock, now: now) == nil)
        let kept = try #require(
            AudiobookshelfClient.interval(session(1_740_000_000_999, 59.6, date: "2025-02-19"), clock: &clock, now: now)
        )
        #expect(kept.start == 1_740_000_000 && kept.seconds == 60 && kept.day == "2025-02-19" && kept.hour == 21)
    }
}
