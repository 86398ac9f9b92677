import Foundation

/// Makes a tag's collage from the store, with no network: an image (PNG or JPEG) or the HTML
/// page, written atomically to `collages/<safe name>.<ext>` unless another file is named.
public struct CollageMaker: Sendable {
    public var store: BookStore
    public var renderer: CollageRenderer

    public init(store: BookStore, renderer: CollageRenderer = CollageRenderer()) {
        self.store = store
        self.renderer = renderer
    }

    /// Where a tag's collage goes by default.
    public func defaultFile(for tag: TagName, format: CollageFormat) -> URL {
        defaultFile(forKey: tag.key, format: format)
    }

    /// The same for a stored tag, by its key.
    public func defaultFile(forKey key: String, format: CollageFormat) -> URL {
        store.home.collagesFolder.appendingPathComponent("\(CollageName.baseName(forKey: key)).\(format.fileExtension)")
    }

    /// Renders and writes the collage; returns the file written.
    @discardableResult
    public func make(
        tag name: TagName, format: CollageFormat = .png, columns: Int = 4, nightMode: Bool,
        output: URL? = nil, embedImages: Bool = false
    ) throws -> URL {
        guard let tag = try store.tag(name) else { throw StoreError.tagNotFound(name.display) }
        let books = try store.books(of: name)
        guard !books.isEmpty else { throw CollageError.noBooks(tag.name) }
        let file = (output ?? defaultFile(for: name, format: format)).standardizedFileURL
        let theme = CollageTheme.forNightMode(nightMode)
        let data: Data
        if let imageFormat = format.imageFormat {
            let covers = books.map { entry in
                CollageCover(title: entry.book.title, image: try? Data(contentsOf: store.coverURL(entry.book.coverPath)))
            }
            data = try renderer.render(title: tag.name, covers: covers, columns: columns, theme: theme, format: imageFormat)
        } else {
            let folder = file.deletingLastPathComponent()
            let pageBooks = try books.map { entry -> CollagePage.Book in
                let coverFile = store.coverURL(entry.book.coverPath)
                let source: String?
                if embedImages {
                    source = (try? Data(contentsOf: coverFile)).flatMap { data in
                        ImageInfo.format(of: data).map { "data:image/\($0.rawValue);base64,\(data.base64EncodedString())" }
                    }
                } else {
                    source = RelativePath.from(folder: folder, to: coverFile)
                }
                let details = try store.book(goodreadsID: entry.book.goodreadsID)?.details
                return CollagePage.Book(
                    title: entry.book.title, author: entry.book.authorName,
                    year: entry.book.originalPublicationYear ?? details?.publicationYear,
                    rating: entry.book.averageRating, descriptionHTML: details?.descriptionHTML, imageSource: source)
            }
            data = Data(CollagePage(title: tag.name, books: pageBooks, theme: theme).html().utf8)
        }
        if output == nil { try store.home.createFolders() }
        try AtomicFile.write(data, to: file)
        return file
    }
}

/// Relative references between files, for links in the HTML page.
enum RelativePath {
    /// The path from `folder` to `file`, percent-encoded for an `href`/`src`.
    static func from(folder: URL, to file: URL) -> String {
        let base = folder.standardizedFileURL.pathComponents
        let target = file.standardizedFileURL.pathComponents
        var common = 0
        while common < base.count, common < target.count, base[common] == target[common] { common += 1 }
        let parts = Array(repeating: "..", count: base.count - common) + target[common...]
        let allowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#"))
        return parts.map { $0.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0 }.joined(separator: "/")
    }
}
