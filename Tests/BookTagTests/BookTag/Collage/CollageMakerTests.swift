import BookTagTestSupport
import CLibGD
import CLibXML2
import Foundation
import Testing

@testable import BookTag

@Suite struct CollageMakerTests {
    static func home(with books: [GatheredBook], details: [BookDetails] = []) throws -> (TemporaryHome, BookStore) {
        let temporary = try TemporaryHome()
        let store = try BookStore.open(home: temporary.home)
        try store.createTag(
            TagName("Fantasy"), source: .goodreads, books: books,
            search: SearchPosition(totalResults: 12, pageSize: 20, startPage: 1))
        for book in details { try store.saveBook(book, cover: nil) }
        return (temporary, store)
    }

    @Test func writesIntoCollagesByDefaultAndWhereTold() throws {
        let books = (0..<12).map {
            GatheredBook(
                work: SearchWork(workID: $0, id: .goodreads(100 + $0), title: "Book \($0)"),
                cover: jpegCover(colour: CollageTheme.RGB(20 * $0, 80, 120)))
        }
        let (temporary, store) = try Self.home(with: books)
        let maker = CollageMaker(store: store)
        let png = try maker.make(tag: TagName("fantasy"), options: CollageOptions())
        #expect(png.file.path == temporary.home.collagesFolder.appendingPathComponent("fantasy.png").path)
        #expect(ImageInfo(try Data(contentsOf: png.file))?.width == 48 + 4 * 200 + 3 * 16)
        #expect(
            try store.tag(TagName("fantasy"))?.collageStyle == CollageOptions().style,
            "the store records how the tag's collage was drawn")
        let elsewhere = temporary.folder.appendingPathComponent("mine.jpg")
        let jpeg = try maker.make(
            tag: TagName("fantasy"),
            options: CollageOptions(format: .jpeg, size: try CollageSize(parsing: "square"), layout: .rows),
            output: elsewhere)
        #expect(jpeg.file == elsewhere)
        #expect(ImageInfo(try Data(contentsOf: elsewhere)) == ImageInfo(format: .jpeg, width: 1080, height: 1080))
        #expect(
            try store.tag(TagName("fantasy"))?.collageStyle == CollageOptions().style,
            "a file elsewhere is not the tag's collage")
        #expect(throws: StoreError.tagNotFound("nope")) {
            try maker.make(tag: TagName("nope"), options: CollageOptions())
        }
    }

    /// `list` finds every tag's collage in one read of the folder; it must name the file the
    /// file-by-file look (`existingFormats`, `defaultFile`) names, for plain and hashed names.
    @Test func listingFindsTheCollageEachTagWouldLookFor() throws {
        let temporary = try TemporaryHome()
        let store = try BookStore.open(home: temporary.home)
        let maker = CollageMaker(store: store)
        try store.home.createFolders()
        let keys = ["fantasy", "science fiction", "../up", "index", "日本", "no collage", "tag 00001", "a-b"]
        let written: [String: [CollageFormat]] = [
            "fantasy": [.html, .png], "science fiction": [.jpeg], "../up": [.html], "index": [.png, .jpeg],
            "日本": [.jpeg, .html], "a-b": [.png],
        ]
        for (key, formats) in written {
            for format in formats { try Data("x".utf8).write(to: maker.defaultFile(forKey: key, format: format)) }
        }
        // Files no tag owns: the gallery, another tag's hash, a stray name with no extension.
        for stray in ["index.html", "tag-00001-00000000.png", "notes", ".hidden.png"] {
            try Data().write(to: store.home.collagesFolder.appendingPathComponent(stray))
        }
        let listed = CollageListing(folder: store.home.collagesFolder.path).files(forKeys: keys)
        #expect(listed.count == keys.count)
        let found = Dictionary(uniqueKeysWithValues: zip(keys, listed))
        for key in keys {
            let expected = maker.existingFormats(forKey: key).first.map {
                maker.defaultFile(forKey: key, format: $0).path
            }
            #expect(found[key] == expected, "\(key)")
        }
        #expect(found["fantasy"]??.hasSuffix("/fantasy.png") == true, "PNG comes before HTML")
        #expect(Set(found.filter { $0.value != nil }.keys) == Set(written.keys))
        // A folder with no collage answers as many nothings, in order.
        let empty = try TemporaryHome()
        let emptyStore = try BookStore.open(home: empty.home)
        try emptyStore.home.createFolders()
        #expect(
            CollageListing(folder: emptyStore.home.collagesFolder.path).files(forKeys: keys) == keys.map { _ in nil })
    }

    /// A collage's PNG is streamed into its file band by band, never held whole: what lands in
    /// the collages folder, and in a file named elsewhere, is byte for byte the image rendered in
    /// memory (60 genuine covers, some fifteen bands), in PNG and in JPEG; no hidden file is left.
    @Test(arguments: [CollageFormat.png, .jpeg])
    func aStreamedCollageIsTheImageRenderedInMemory(format: CollageFormat) throws {
        let genuine = try GenuineCovers.calibre(packageRoot: Fixtures.packageRoot)
        let books = (0..<60).map {
            GatheredBook(
                work: SearchWork(workID: $0, id: .goodreads(100 + $0), title: "Book \($0)"),
                cover: genuine[$0 % genuine.count])
        }
        let (temporary, store) = try Self.home(with: books)
        let maker = CollageMaker(store: store)
        let options = CollageOptions(format: format, columns: 5)
        let inMemory = try maker.imageData(tag: TagName("fantasy"), options: options)
        #expect(ImageInfo(inMemory)?.height ?? 0 > 3000, "tall enough for many bands")
        let collage = try maker.make(tag: TagName("fantasy"), options: options)
        #expect(try Data(contentsOf: collage.file) == inMemory)
        let elsewhere = temporary.folder.appendingPathComponent("mine.\(format.rawValue)")
        _ = try maker.make(tag: TagName("fantasy"), options: options, output: elsewhere)
        #expect(try Data(contentsOf: elsewhere) == inMemory)
        for folder in [temporary.home.collagesFolder, temporary.folder] {
            let hidden = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
                $0.hasPrefix(".tmp-")
            }
            #expect(hidden.isEmpty, "\(hidden)")
        }
    }

    /// Every text field carries XSS vectors; the page must still be inert.
    @Test(arguments: [false, true])
    func theHTMLPageIsInertWhateverTheAPISent(embed: Bool) throws {
        let hostile = try GoodreadsDecoder.book(from: Fixtures.data("book/book-show-xss.xml"))
        let books = (0..<3).map { index in
            GatheredBook(
                work: SearchWork(
                    workID: index, id: .goodreads(hostile.id.goodreadsNumber! + index), title: hostile.title,
                    authorName: hostile.authors.first?.name, averageRating: 4.5, originalPublicationYear: 2020),
                cover: jpegCover(colour: CollageTheme.RGB(90, 90, 90)))
        }
        let details = (0..<3).map { index -> BookDetails in
            var copy = hostile
            copy.id = .goodreads(hostile.id.goodreadsNumber! + index)
            return copy
        }
        let (temporary, store) = try Self.home(with: books, details: details)
        defer { withExtendedLifetime(temporary) {} }
        let file = try CollageMaker(store: store).make(
            tag: TagName("fantasy"), options: CollageOptions(format: .html, nightMode: true), embedImages: embed
        ).file
        let page = try String(contentsOf: file, encoding: .utf8)
        let lowered = page.lowercased()
        #expect(lowered.hasPrefix("<!doctype html>"))
        #expect(
            page.contains(
                "<meta http-equiv=\"Content-Security-Policy\" content=\"\(CollagePage.contentSecurityPolicy)\">"))
        #expect(!lowered.contains("<script"))
        #expect(!lowered.contains("javascript:"))
        #expect(lowered.firstMatch(of: /<[^>]*\son[a-z]+\s*=/) == nil)
        #expect(page.contains("&lt;script&gt;alert(&#39;xss-title&#39;)&lt;/script&gt; The Poisoned Well"))
        #expect(page.contains(CollageTheme.night.background.hex), "night mode gives the dark theme")
        try HTMLPageCheck.check(page, embed: embed)
    }
}

/// Parses a page with libxml2's HTML parser and checks what a browser would load or run.
enum HTMLPageCheck {
    static let elements: Set<String> = [
        "html", "head", "meta", "title", "style", "body", "header", "h1", "p", "main", "details", "summary", "img",
        "section", "h2", "div", "span", "br", "b", "i", "em", "strong", "a",
    ]

    static func check(_ page: String, embed: Bool) throws {
        var images = 0
        HTMLAudit.walk(page) { name, attributes, _ in
            #expect(elements.contains(name), "unexpected element <\(name)>")
            for (attributeName, text) in attributes {
                #expect(!attributeName.hasPrefix("on"), "event handler \(attributeName)")
                if attributeName == "href" {
                    #expect(text.hasPrefix("https://") || text.hasPrefix("http://"), "href \(text)")
                }
                if attributeName == "src" {
                    images += 1
                    #expect(
                        embed ? text.hasPrefix("data:image/jpeg;base64,") : text.hasPrefix("../covers/"), "src \(text)")
                }
            }
        }
        #expect(images == 3)
    }
}
