import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

/// `collage` with its options and config defaults, `collage --all` and its gallery (checked in
/// headless Chromium), `drop` with and without `--replace`, and the missing-font warning: the
/// built binary against the recordings.
@Suite(.serialized) struct CollageCommandTests {
    static func booktag(_ arguments: [String], home: TemporaryHome, environment: [String: String] = [:]) async throws
        -> BooktagProcess.Run
    {
        try await BooktagProcess.run(arguments + ["--home", home.folder.path], environment: environment)
    }

    static let goodreadsReplay = ["--source", "goodreads", "--replay", Fixtures.replay.path]

    static func fantasy() async throws -> TemporaryHome {
        let home = try TemporaryHome()
        let add = try await booktag(["add", "fantasy"] + goodreadsReplay, home: home)
        #expect(add.status == 0, "\(add.errors)")
        return home
    }

    static func json(_ run: BooktagProcess.Run) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    }

    @Test func optionsAreUsedAndReportedByJSONAndList() async throws {
        let home = try await Self.fantasy()
        let run = try await Self.booktag(
            [
                "collage", "fantasy", "--size", "phone", "--layout", "rows", "--labels", "title,rating", "--background",
                "#203040", "--title", "Mine", "--json",
            ], home: home)
        #expect(run.status == 0, "\(run.errors)")
        let output = try Self.json(run)
        let style = try #require(output["style"] as? [String: Any])
        #expect(
            style["size"] as? String == "phone" && style["layout"] as? String == "rows"
                && style["labels"] as? [String] == ["title", "rating"])
        #expect(style["background"] as? String == "#203040" && style["title"] as? String == "Mine")
        let file = try #require(output["file"] as? String)
        #expect(
            ImageInfo(try Data(contentsOf: URL(fileURLWithPath: file)))
                == ImageInfo(format: .png, width: 1170, height: 2532))
        let list = try await Self.booktag(["list"], home: home)
        #expect(list.output.contains("phone, rows, labels title+rating"), "\(list.output)")
        let listed = try #require(
            try JSONSerialization.jsonObject(
                with: Data(try await Self.booktag(["list", "--json"], home: home).output.utf8)) as? [[String: Any]])
        #expect((listed.first?["collageStyle"] as? [String: Any])?["size"] as? String == "phone")
    }

    @Test func configDefaultsShapeTheCollagesOfAddAndReroll() async throws {
        let home = try TemporaryHome()
        try Data(
            #"{"collage": {"size": "square", "fit": "cover", "labels": ["year"], "title": false, "background": "black"}}"#
                .utf8
        )
        .write(to: home.home.configFile)
        let add = try await Self.booktag(["add", "fantasy", "--json"] + Self.goodreadsReplay, home: home)
        #expect(add.status == 0, "\(add.errors)")
        let collage = try #require(try Self.json(add)["collage"] as? String)
        #expect(
            ImageInfo(try Data(contentsOf: URL(fileURLWithPath: collage)))
                == ImageInfo(format: .png, width: 1080, height: 1080))
        let style = try #require(try Self.json(add)["collageStyle"] as? [String: Any])
        #expect(
            style["fit"] as? String == "cover" && style["titleShown"] as? Bool == false
                && style["background"] as? String == "#000000")
        let reroll = try await Self.booktag(
            ["reroll", "fantasy", "--json", "--replay", Fixtures.replay.path], home: home)
        #expect(reroll.status == 0, "\(reroll.errors)")
        #expect(ImageInfo(try Data(contentsOf: URL(fileURLWithPath: collage)))?.width == 1080)
        // A wrong config value is one line naming the key.
        try Data(#"{"collage": {"layout": "spiral"}}"#.utf8).write(to: home.home.configFile)
        let bad = try await Self.booktag(["collage", "fantasy"], home: home)
        #expect(
            bad.status == 78 && bad.errors.contains("collage.layout") && bad.errors.split(separator: "\n").count == 1,
            "\(bad.errors)")
    }

    @Test(arguments: [
        ["--size", "0x0"], ["--size", "100000x100000"], ["--size", "abc"], ["--size", "4k", "--columns", "0"],
        ["--labels", "title,pages"],
        ["--background", "blurple"], ["--title", "x", "--no-title"], ["--layout", "spiral"],
    ])
    func badOptionsAreOneLineAndChangeNothing(options: [String]) async throws {
        let home = try await Self.fantasy()
        let before = try Data(contentsOf: home.home.collagesFolder.appendingPathComponent("fantasy.png"))
        let run = try await Self.booktag(["collage", "fantasy"] + options, home: home)
        #expect(run.status == 64, "\(options): \(run.errors)")
        #expect(run.errors.hasPrefix("error: ") || run.errors.hasPrefix("Error: "), "\(run.errors)")
        #expect(run.errors.split(separator: "\n").first.map { !$0.isEmpty } == true)
        #expect(try Data(contentsOf: home.home.collagesFolder.appendingPathComponent("fantasy.png")) == before)
    }

    @Test func theGalleryLinksEveryTagAndBackInARealBrowser() async throws {
        let home = try await Self.fantasy()
        let shelf = try await Self.booktag(
            ["add", "../<b>mine</b>", "--shelf", "12345/read", "--replay", Fixtures.shelfReplay.path], home: home)
        #expect(shelf.status == 0, "\(shelf.errors)")
        #expect(try await Self.booktag(["night", "on"], home: home).status == 0)
        let run = try await Self.booktag(["collage", "--all", "--format", "html", "--json"], home: home)
        #expect(run.status == 0, "\(run.errors)")
        let gallery = try #require(try Self.json(run)["gallery"] as? String)
        #expect(gallery == home.home.collagesFolder.appendingPathComponent("index.html").path)
        let page = try String(contentsOfFile: gallery, encoding: .utf8)
        #expect(page.contains("Content-Security-Policy") && page.contains(CollageTheme.night.background.hex))
        #expect(HTMLAudit.scriptCapableMarkup(in: page).isEmpty)
        #expect(
            page.contains("../&lt;b&gt;mine&lt;/b&gt;") && page.contains("Goodreads shelf 12345/read"),
            "names escaped, sources named")
        guard let chromium = Chromium.available() else {
            Issue.record("headless Chromium is needed for this test: \(Chromium.unavailableReason)")
            return
        }
        let galleryURL = URL(fileURLWithPath: gallery)
        let dom = try await chromium.dumpDOM(galleryURL)
        let links = dom.matches(of: /<a class="tag" href="([^"]+)"/).map { String($0.1) }
        #expect(links.count == 2, "\(dom.prefix(400))")
        for link in links {
            let target = try #require(
                URL(string: link.replacingOccurrences(of: "&amp;", with: "&"), relativeTo: galleryURL)?
                    .standardizedFileURL)
            #expect(FileManager.default.fileExists(atPath: target.path), "\(link) leads nowhere")
            let tagPage = try await chromium.dumpDOM(target)
            let back = try #require(tagPage.firstMatch(of: /<nav><a href="([^"]+)"/).map { String($0.1) })
            #expect(
                URL(string: back, relativeTo: target)?.standardizedFileURL.path == galleryURL.path,
                "the tag page links back")
            #expect(tagPage.contains("<details>"), "the book details as on a single page")
        }
        let covers = dom.matches(of: /<img src="([^"]+)"/).map { String($0.1) }
        #expect(covers.count == 12, "six covers in each strip")
        #expect(
            covers.allSatisfy {
                FileManager.default.fileExists(
                    atPath: URL(string: $0, relativeTo: galleryURL)!.standardizedFileURL.path)
            })
    }

    @Test func dropRemovesBooksAndTheirCoversAndRedrawsEveryCollage() async throws {
        let home = try await Self.fantasy()
        #expect(try await Self.booktag(["collage", "fantasy", "--format", "html"], home: home).status == 0)
        let store = try BookStore.open(home: home.home)
        let before = try store.books(of: TagName("fantasy"))
        let third = before[2].book
        let html = home.home.collagesFolder.appendingPathComponent("fantasy.html")
        let png = home.home.collagesFolder.appendingPathComponent("fantasy.png")
        let oldPNG = try Data(contentsOf: png)
        let run = try await Self.booktag(["drop", "fantasy", "3", before[5].book.bookID.value, "--json"], home: home)
        #expect(run.status == 0, "\(run.errors)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect(
            report["replacements"] as? Int == 0 && report["unfilled"] as? Int == 0,
            "without --replace no place is left to fill")
        #expect(!run.errors.contains("closed up") && !run.errors.contains("warning"), "\(run.errors)")
        let after = try store.books(of: TagName("fantasy"))
        #expect(
            after.map(\.book.bookID)
                == before.enumerated().filter { ![2, 5].contains($0.offset) }.map(\.element.book.bookID))
        #expect(!home.coverFilesOnDisk().contains { third.coverPath.hasSuffix($0) || $0.hasSuffix(third.coverPath) })
        #expect(home.coverFilesOnDisk().count == 10)
        #expect(try Data(contentsOf: png) != oldPNG)
        #expect(
            try !String(contentsOf: html, encoding: .utf8).contains(third.title.htmlEscaped),
            "the HTML collage was drawn again")

        for bad in [["13"], ["0"], ["999999999"], ["978-0-00-000000-2"]] {
            let refused = try await Self.booktag(["drop", "fantasy"] + bad, home: home)
            #expect(
                refused.status == 66 && refused.errors.hasPrefix("error: ")
                    && refused.errors.split(separator: "\n").count == 1, "\(bad): \(refused.errors)")
        }
        #expect(try store.books(of: TagName("fantasy")).count == 10, "a refused drop changes nothing")
    }

    @Test func dropWithReplaceRefillsThePlaceFromTheSourceInPlace() async throws {
        let home = try await Self.fantasy()
        let store = try BookStore.open(home: home.home)
        let before = try store.books(of: TagName("fantasy")).map(\.book.bookID)
        let run = try await Self.booktag(
            ["drop", "fantasy", "2", "--replace", "--replay", Fixtures.replay.path], home: home)
        #expect(run.status == 0, "\(run.errors)")
        let after = try store.books(of: TagName("fantasy")).map(\.book.bookID)
        #expect(after.count == 12)
        #expect(after[1] != before[1] && !before.contains(after[1]), "a book the tag did not hold took position 2")
        let othersAfter: [BookID] = Array(after[0..<1]) + Array(after[2...])
        let othersBefore: [BookID] = Array(before[0..<1]) + Array(before[2...])
        #expect(othersAfter == othersBefore, "the others kept their places")
    }

    @Test func dropWithReplaceWhenTheShelfHasNoMoreBooksClosesThePlaceAndSaysSo() async throws {
        let home = try TemporaryHome()
        let replay = ["--replay", Fixtures.shelfReplay.path]
        let add = try await Self.booktag(
            ["add", "mine", "--shelf", "12345/read", "--count", "all"] + replay, home: home)
        #expect(add.status == 0, "\(add.errors)")
        let store = try BookStore.open(home: home.home)
        let count = try store.books(of: TagName("mine")).count
        let run = try await Self.booktag(["drop", "mine", "1", "--replace"] + replay, home: home)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.errors.contains("warning: ") && run.errors.contains("closed up"), "\(run.errors)")
        #expect(try store.books(of: TagName("mine")).count == count - 1)
    }

    @Test func aScriptNoFontHasGivesOneWarningNamingAPackage() async throws {
        let home = try TemporaryHome()
        // fontconfig limited to DejaVu, with its cache inside the test's folder.
        let fonts = home.folder.appendingPathComponent("fonts.conf")
        try Data(
            """
            <?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd">
            <fontconfig><dir>/usr/share/fonts/truetype/dejavu</dir><cachedir>\(home.folder.path)/fontcache</cachedir></fontconfig>
            """.utf8
        ).write(to: fonts)
        #expect(try await Self.booktag(["add", "fantasy"] + Self.goodreadsReplay, home: home).status == 0)
        let run = try await Self.booktag(
            ["collage", "fantasy", "--title", "奇幻小说", "--labels", "title"], home: home,
            environment: [
                "FONTCONFIG_FILE": fonts.path, "XDG_CACHE_HOME": home.folder.appendingPathComponent("cache").path,
            ])
        #expect(run.status == 0, "\(run.errors)")
        let warnings = run.errors.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
        #expect(
            warnings.count == 1 && warnings[0].contains("fonts-noto-cjk") && warnings[0].contains("U+5947"),
            "\(run.errors)")
        let plain = try await Self.booktag(
            ["collage", "fantasy", "--title", "Fantasy"], home: home, environment: ["FONTCONFIG_FILE": fonts.path])
        #expect(plain.status == 0 && !plain.errors.contains("warning"), "\(plain.errors)")
    }

    @Test func fontconfigWritesTheCachesItMakesInsideTheHome() async throws {
        let home = try await Self.fantasy()
        // HOME an empty folder but for a user font folder fontconfig has no cache for.
        let user = home.folder.appendingPathComponent("user", isDirectory: true)
        let fonts = user.appendingPathComponent(".fonts", isDirectory: true)
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
            to: fonts.appendingPathComponent("Mine.ttf"))
        let run = try await BooktagProcess.run(
            ["collage", "fantasy", "--home", home.folder.path],
            environment: ["HOME": user.path, "XDG_CACHE_HOME": user.appendingPathComponent(".cache").path])
        #expect(run.status == 0, "\(run.errors)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: user.path) == [".fonts"],
            "nothing but the font folder in HOME")
        let caches = try FileManager.default.contentsOfDirectory(
            atPath: home.home.cacheFolder.appendingPathComponent("fontconfig").path)
        #expect(caches.contains { $0.hasSuffix(".cache-8") || $0.contains(".cache-") }, "\(caches)")
    }

    @Test func noFontsAtAllGiveOneWarningAndAnImageWithoutText() async throws {
        let home = try await Self.fantasy()
        // fontconfig with no font folder at all.
        let config = home.folder.appendingPathComponent("nofonts.conf")
        try Data(
            """
            <?xml version="1.0"?><fontconfig><cachedir>\(home.folder.path)/fontcache</cachedir></fontconfig>
            """.utf8
        ).write(to: config)
        let run = try await Self.booktag(
            ["collage", "fantasy", "--labels", "title"], home: home, environment: ["FONTCONFIG_FILE": config.path])
        #expect(run.status == 0, "\(run.errors)")
        let lines = run.errors.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("warning: "), "\(run.errors)")
        let file = URL(
            fileURLWithPath: run.output.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\n").last.map(
                String.init) ?? "")
        #expect(ImageInfo(try Data(contentsOf: file))?.format == .png)
    }

    @Test func rerollDrawsInTheRecordedStyleAndADropKeepsTheFetchTime() async throws {
        let home = try await Self.fantasy()
        let styled = try await Self.booktag(["collage", "fantasy", "--size", "square", "--layout", "rows"], home: home)
        #expect(styled.status == 0, "\(styled.errors)")
        let reroll = try await Self.booktag(["reroll", "fantasy", "--replay", Fixtures.replay.path], home: home)
        #expect(reroll.status == 0, "\(reroll.errors)")
        let image = try Data(contentsOf: home.home.collagesFolder.appendingPathComponent("fantasy.png"))
        #expect(
            ImageInfo(image) == ImageInfo(format: .png, width: 1080, height: 1080), "the reroll kept the square size")
        let store = try BookStore.open(home: home.home)
        #expect(try store.tag(TagName("fantasy"))?.collageStyle?.layout == .rows)

        let before = try #require(try store.tag(TagName("fantasy"))?.lastFetchedAt)
        let drop = try await Self.booktag(["drop", "fantasy", "1"], home: home)
        #expect(drop.status == 0, "\(drop.errors)")
        #expect(try store.tag(TagName("fantasy"))?.lastFetchedAt == before, "nothing was fetched")
    }
}
