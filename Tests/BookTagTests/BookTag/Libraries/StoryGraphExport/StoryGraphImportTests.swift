import BookTagTestSupport
import CSV
import Foundation
import Testing

@testable import BookTag

/// `booktag import` of the genuine StoryGraph export against a fake Open Library that knows its
/// books (by ISBN, and by title and author for the rows without one): the books become the Open
/// Library works their covers were found for, and the tags say they come from StoryGraph.
@Suite(.serialized) struct StoryGraphImportTests {
    /// A fake Open Library that knows every book of the genuine export as work `OL{row}W`, with a
    /// cover for all but every ninth from the fifth.
    static func openLibraryForRawExport(apiDelay: Double = 0) throws -> FakeOpenLibrary {
        let rows = try StoryGraphTests.rows(StoryGraphTests.raw)
        let catalogue = rows.enumerated().map { index, row -> SyntheticExport.Book in
            let isbn = (try? ISBN(row["ISBN/UID"] ?? ""))
            return SyntheticExport.Book(
                bookID: index + 1, title: row["Title"]!.trimmingCharacters(in: .whitespaces),
                author: row["Authors"]!.components(separatedBy: ", ")[0], isbn10: isbn?.isbn10, isbn13: isbn?.isbn13,
                knownISBNs: [isbn?.isbn13, isbn?.isbn10].compactMap { $0 },
                coverID: index % 9 == 4 ? nil : 5000 + index,
                dateRead: nil, dateAdded: "2025/01/01", myRating: 0, exclusiveShelf: "read", shelves: [])
        }
        return try FakeOpenLibrary(books: catalogue, apiDelay: apiDelay)
    }

    @Test func aYearOfStoryGraphBecomesATagOfOpenLibraryWorks() async throws {
        let openLibrary = try Self.openLibraryForRawExport()
        let home = try TemporaryHome()
        try ImportEndToEndTests.configure(home, openLibrary: openLibrary.baseURL)
        let run = try await ImportEndToEndTests.booktag(
            ["import", StoryGraphTests.raw.path, "--year", "2024", "--json"], home: home)
        #expect(run.status == 0, "\(run.errors)")

        let (books, _) = try StoryGraphTests.read(StoryGraphTests.raw)
        let read2024 = books.enumerated().filter { $0.element.dateRead?.hasPrefix("2024-") == true }
        let covered = read2024.filter { $0.offset % 9 != 4 }
        let store = try BookStore.open(home: home.home)
        let tag = try #require(try store.tag(TagName("read 2024")))
        #expect(tag.source == .openlibrary && tag.origin == .export(format: .storygraph, shelf: nil, year: 2024))
        let stored = try store.books(of: TagName("read 2024"))
        #expect(stored.count == read2024.count && covered.count < read2024.count, "every book of the year")
        #expect(
            Set(stored.filter { !$0.coverDrawn }.map(\.book.bookID))
                == Set(covered.map { BookID.openLibrary("OL\($0.offset + 1)W") }),
            "each the work its cover was found for")
        let drawn = stored.filter(\.coverDrawn)
        #expect(
            drawn.count == read2024.count - covered.count && drawn.allSatisfy { $0.book.bookID.source == .library },
            "a book Open Library has no cover for is the reader's own, with a drawn cover")
        #expect(
            Set(stored.map(\.book.title)) == Set(read2024.map(\.element.title)),
            "titles as the file wrote them, trimmed"
        )
        let ratings = Dictionary(uniqueKeysWithValues: stored.map { ($0.book.bookID, $0.reading?.rating) })
        for (offset, book) in covered {
            #expect(
                ratings[.openLibrary("OL\(offset + 1)W")] == book.myRating,
                "\(book.title): the reader's stars, to the nearest whole star")
        }
        #expect(
            stored.compactMap { $0.reading?.dateRead } == stored.compactMap { $0.reading?.dateRead }.sorted(by: >),
            "newest read first")
        let list = try await ImportEndToEndTests.booktag(["list"], home: home)
        #expect(list.output.contains("StoryGraph export, read in 2024"), "\(list.output)")
        let reroll = try await ImportEndToEndTests.booktag(["reroll", "read 2024"], home: home)
        #expect(reroll.status == 64 && reroll.errors.contains("StoryGraph export"), "\(reroll.errors)")
    }

    /// `stats --json` on a StoryGraph year, every number computed here from the file's columns:
    /// quarter stars exactly in `mine` and at the nearest whole star (halves up) in `stars`,
    /// months by the finish date, formats, moods, pace, and the page counts Open Library gave.
    @Test func aStoryGraphYearsNumbersAreTheFilesOwn() async throws {
        let rows = try StoryGraphTests.rows(StoryGraphTests.raw)
        // Open Library knows the pages of most works, not all; one book in nine has no cover.
        let catalogue = rows.enumerated().map { index, row -> SyntheticExport.Book in
            let isbn = (try? ISBN(row["ISBN/UID"] ?? ""))
            var book = SyntheticExport.Book(
                bookID: index + 1, title: row["Title"]!.trimmingCharacters(in: .whitespaces),
                author: row["Authors"]!.components(separatedBy: ", ")[0], isbn10: isbn?.isbn10, isbn13: isbn?.isbn13,
                knownISBNs: [isbn?.isbn13, isbn?.isbn10].compactMap { $0 },
                coverID: index % 9 == 4 ? nil : 5000 + index,
                dateRead: nil, dateAdded: "2025/01/01", myRating: 0, exclusiveShelf: "read", shelves: [])
            book.openLibraryPages = index % 5 == 2 ? nil : 120 + index * 3
            return book
        }
        let openLibrary = try FakeOpenLibrary(books: catalogue)
        let home = try TemporaryHome()
        try ImportEndToEndTests.configure(home, openLibrary: openLibrary.baseURL)
        let year = 2022
        let run = try await ImportEndToEndTests.booktag(
            ["import", StoryGraphTests.raw.path, "--year", String(year)], home: home)
        #expect(run.status == 0, "\(run.errors)")
        let stats = try await ImportEndToEndTests.booktag(["stats", "read \(year)", "--json"], home: home)
        #expect(stats.status == 0, "\(stats.errors)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(stats.output.utf8)) as? [String: Any])

        // The rows read that year (those without a cover at Open Library too: theirs is drawn),
        // straight from the columns.
        let read = rows.enumerated().filter { index, row in
            let finish = row["Last Date Read"].flatMap { $0.isEmpty ? nil : $0 } ?? ""
            return finish.hasPrefix("\(year)/")
        }
        #expect(json["books"] as? Int == read.count && read.count >= 8, "\(stats.output)")
        let stars = read.compactMap { Double($0.element["Star Rating"] ?? "") }
        #expect(stars.contains { $0 != $0.rounded() }, "the year has a quarter star to keep")
        let ratings = try #require(json["ratings"] as? [String: Any])
        #expect(ratings["mine"] as? Double == (stars.reduce(0, +) / Double(stars.count) * 100).rounded() / 100)
        #expect(ratings["rated"] as? Int == stars.count)
        let nearest = stars.map { Int(($0 + 0.5).rounded(.down)) }
        #expect(ratings["stars"] as? [Int] == (1...5).map { value in nearest.count { $0 == value } })
        var months = [Int](repeating: 0, count: 12)
        for (_, row) in read { months[Int(row["Last Date Read"]!.split(separator: "/")[1])! - 1] += 1 }
        #expect(json["months"] as? [Int] == months)
        let formats = try #require(json["formats"] as? [String: Int])
        #expect(
            formats == [
                "paper": read.count { ["hardcover", "paperback"].contains($0.element["Format"]) },
                "ebook": read.count { $0.element["Format"] == "digital" },
                "audio": read.count { $0.element["Format"] == "audio" },
            ])
        let pages = try #require(json["pages"] as? [String: Any])
        // Open Library's search answers only the works it has a cover for: a drawn book's pages
        // are unknown.
        let known = read.filter { catalogue[$0.offset].coverID != nil }.compactMap {
            catalogue[$0.offset].openLibraryPages
        }
        #expect(
            pages["known"] as? Int == known.count && pages["fromOpenLibrary"] as? Int == known.count,
            "StoryGraph has no pages: each is Open Library's")
        #expect(pages["total"] as? Int == known.reduce(0, +))
        var moodCounts: [String: Int] = [:]
        for (_, row) in read {
            for mood in Set((row["Moods"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
            where !mood.isEmpty {
                moodCounts[mood, default: 0] += 1
            }
        }
        let topMoods = moodCounts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(5)
        let moods = try #require(json["moods"] as? [[String: Any]])
        #expect(
            moods.map { $0["mood"] as? String } == topMoods.map(\.key)
                && moods.map { $0["books"] as? Int } == topMoods.map(\.value))
        let pace = try #require(json["pace"] as? [String: Int])
        #expect(
            pace == [
                "slow": read.count { $0.element["Pace"] == "slow" },
                "medium": read.count { $0.element["Pace"] == "medium" },
                "fast": read.count { $0.element["Pace"] == "fast" },
            ])

        let text = try await ImportEndToEndTests.booktag(["stats", "read \(year)"], home: home)
        #expect(
            text.output.contains("formats") && text.output.contains("moods")
                && text.output.contains("from Open Library"), "\(text.output)")
        let quarter = try #require(
            read.first { Double($0.element["Star Rating"] ?? "").map { $0 != $0.rounded() } ?? false })
        let shown = try await ImportEndToEndTests.booktag(
            ["show", "--id", "OL\(quarter.offset + 1)W", "--json"], home: home)
        let book = try #require(
            try JSONSerialization.jsonObject(with: Data(shown.output.utf8)) as? [String: Any], "\(shown.errors)")
        #expect(book["myStars"] as? Double == Double(quarter.element["Star Rating"]!), "\(book)")
        #expect(book["pages"] as? Int == catalogue[quarter.offset].openLibraryPages)
        #expect(
            book["pagesFrom"] as? String == (catalogue[quarter.offset].openLibraryPages == nil ? nil : "openlibrary"))
    }

    /// A reader moving from Goodreads to StoryGraph: both have a `read` shelf. StoryGraph's import
    /// refuses in one error and changes nothing; with `--prefix` its tags sit beside Goodreads';
    /// importing StoryGraph's file again replaces its own tags, not Goodreads'.
    @Test func twoServicesShelvesNeverOverwriteEachOther() async throws {
        let goodreads = SyntheticExport.books(count: 12)
        let rows = try StoryGraphTests.rows(StoryGraphTests.raw)
        let catalogue =
            goodreads
            + rows.enumerated().map { index, row -> SyntheticExport.Book in
                let isbn = (try? ISBN(row["ISBN/UID"] ?? ""))
                return SyntheticExport.Book(
                    bookID: 1000 + index, title: row["Title"]!.trimmingCharacters(in: .whitespaces),
                    author: row["Authors"]!.components(separatedBy: ", ")[0], isbn10: isbn?.isbn10,
                    isbn13: isbn?.isbn13,
                    knownISBNs: [isbn?.isbn13, isbn?.isbn10].compactMap { $0 }, coverID: 8000 + index,
                    dateRead: nil, dateAdded: "2025/01/01", myRating: 0, exclusiveShelf: "read", shelves: [])
            }
        let openLibrary = try FakeOpenLibrary(books: catalogue)
        let home = try TemporaryHome()
        try ImportEndToEndTests.configure(home, openLibrary: openLibrary.baseURL)
        let export = home.folder.appendingPathComponent("goodreads_library_export.csv")
        try Data(SyntheticExport.csv(goodreads).utf8).write(to: export)
        #expect(
            try await ImportEndToEndTests.booktag(["import", export.path, "--shelf", "read"], home: home).status == 0)
        let store = try BookStore.open(home: home.home)
        let before = try store.books(of: TagName("read"))
        let searches = openLibrary.searchRequests.count

        let clash = try await ImportEndToEndTests.booktag(["import", StoryGraphTests.raw.path], home: home)
        #expect(clash.status == 64 && clash.errors.split(separator: "\n").count == 1, "\(clash.errors)")
        #expect(
            clash.errors.contains("\"read\" (Goodreads export, shelf read)") && clash.errors.contains("--prefix"),
            "\(clash.errors)")
        #expect(openLibrary.searchRequests.count == searches)
        #expect(try store.tags().map(\.name) == ["read"])
        #expect(try store.books(of: TagName("read")) == before)

        let prefixed = try await ImportEndToEndTests.booktag(
            ["import", StoryGraphTests.raw.path, "--prefix", "StoryGraph", "--count", "3"], home: home)
        #expect(prefixed.status == 0, "\(prefixed.errors)")
        let names = Set(try store.tags().map(\.name))
        #expect(
            names.isSuperset(of: ["read", "StoryGraph read", "StoryGraph to-read", "StoryGraph did-not-finish"]),
            "\(names)")
        #expect(
            try store.tag(TagName("StoryGraph read"))?.origin == .export(format: .storygraph, shelf: "read", year: nil))
        let again = try await ImportEndToEndTests.booktag(
            ["import", StoryGraphTests.raw.path, "--prefix", "StoryGraph", "--count", "2"], home: home)
        #expect(again.status == 0, "\(again.errors)")
        #expect(try store.books(of: TagName("StoryGraph read")).count == 2)
        #expect(try store.books(of: TagName("read")) == before)
    }
}
