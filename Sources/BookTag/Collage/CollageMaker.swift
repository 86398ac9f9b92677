import Foundation

/// Makes a tag's collage: an image (PNG or JPEG) or the HTML page, written atomically to
/// `collages/<safe name>.<ext>` unless another file is named. `make` works from the store with
/// no network; `prepare` works from a gathering that is about to be stored.
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

    /// The formats the tag has a collage in, in the collages folder.
    public func existingFormats(forKey key: String) -> [CollageFormat] {
        CollageFormat.allCases.filter { FileManager.default.fileExists(atPath: defaultFile(forKey: key, format: $0).path) }
    }

    /// The collage of each tag, by key, for listing many tags: the folder is read once, with no
    /// file-by-file checks.
    public func collageFiles(forKeys keys: some Sequence<String>) -> [String: String] {
        let folder = store.home.collagesFolder.path
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [:] }
        let present = Set(names)
        var files: [String: String] = [:]
        for key in keys {
            let base = CollageName.baseName(forKey: key)
            if let format = CollageFormat.allCases.first(where: { present.contains("\(base).\($0.fileExtension)") }) {
                files[key] = "\(folder)/\(base).\(format.fileExtension)"
            }
        }
        return files
    }

    /// Renders the stored set and writes the collage; returns the file written.
    @discardableResult
    public func make(
        tag name: TagName, format: CollageFormat = .png, columns: Int = 4, nightMode: Bool,
        output: URL? = nil, embedImages: Bool = false
    ) throws -> URL {
        guard let tag = try store.tag(name) else { throw StoreError.tagNotFound(name.display) }
        let entries = try store.books(of: name).prefix(Self.maximumCovers).map(CollageEntry.init)
        guard !entries.isEmpty else { throw CollageError.noBooks(tag.name) }
        let file = (output ?? defaultFile(for: name, format: format)).standardizedFileURL
        let options = CollageOptions(format: format, columns: columns, nightMode: nightMode)
        let data = try render(
            title: tag.name, source: tag.source, entries: entries, options: options, folder: file.deletingLastPathComponent(),
            embedImages: embedImages)
        let collages = store.home.collagesFolder.standardizedFileURL
        guard file.deletingLastPathComponent().path == collages.path else {
            try AtomicFile.write(data, to: file)
            return file
        }
        try store.home.createFolders()
        let lock = try PreparedCollage.lockFolder(collages)
        return try PreparedCollage(data: data, destination: file, lock: lock).commit()
    }

    /// Renders the collage of a set not stored yet into a hidden file in the collages folder;
    /// the caller commits it once the set is stored, or discards it.
    public func prepare(title: String, key: String, source: SourceKind, books: [GatheredBook], options: CollageOptions) throws -> PreparedCollage {
        try prepare(title: title, key: key, source: source, entries: try books.prefix(Self.maximumCovers).map(CollageEntry.init), options: options)
    }

    /// The same for books whose covers are already files under the home (an import's staged set).
    func prepare(title: String, key: String, source: SourceKind, entries: [CollageEntry], options: CollageOptions) throws -> PreparedCollage {
        guard !entries.isEmpty else { throw CollageError.noBooks(title) }
        let file = defaultFile(forKey: key, format: options.format)
        try store.home.createFolders()
        let data = try render(
            title: title, source: source, entries: entries, options: options, folder: file.deletingLastPathComponent(), embedImages: false)
        let lock = try PreparedCollage.lockFolder(store.home.collagesFolder)
        return try PreparedCollage(data: data, destination: file, lock: lock)
    }

    /// The collage's bytes. For HTML, cover references are relative to `folder`.
    func render(title: String, source: SourceKind, entries: [CollageEntry], options: CollageOptions, folder: URL, embedImages: Bool) throws -> Data {
        let theme = CollageTheme.forNightMode(options.nightMode)
        let credit = Self.credit(for: source)
        if let imageFormat = options.format.imageFormat {
            let covers = entries.map { entry in
                CollageCover(title: entry.title, image: entry.cover ?? (try? Data(contentsOf: store.coverURL(entry.coverPath))))
            }
            return try renderer.render(title: title, covers: covers, columns: options.columns, theme: theme, format: imageFormat, credit: credit)
        }
        let books = try entries.map { entry -> CollagePage.Book in
            let coverFile = store.coverURL(entry.coverPath)
            let source: String?
            if embedImages {
                source = (entry.cover ?? (try? Data(contentsOf: coverFile))).flatMap { data in
                    ImageInfo.format(of: data).map { "data:image/\($0.rawValue);base64,\(data.base64EncodedString())" }
                }
            } else {
                source = RelativePath.from(folder: folder, to: coverFile)
            }
            let details = try store.book(id: entry.bookID)?.details
            return CollagePage.Book(
                title: entry.title, author: entry.author, year: entry.year ?? details?.publicationYear,
                rating: entry.rating, descriptionHTML: details?.descriptionHTML, imageSource: source)
        }
        return Data(CollagePage(title: title, books: books, theme: theme, columns: options.columns, credit: credit).html().utf8)
    }
}

extension CollageMaker {
    /// A collage shows at most this many covers (the first ones): a tag made from a whole shelf
    /// may hold thousands, more than a picture can show.
    public static let maximumCovers = 100

    /// The attribution a collage carries.
    public static func credit(for source: SourceKind) -> String {
        "books from \(source.displayName)"
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
