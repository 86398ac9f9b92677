import Foundation

extension CollageMaker {
    /// The gallery's file in the collages folder.
    public var galleryFile: URL { store.home.collagesFolder.appendingPathComponent(CollageGallery.fileName) }

    /// Whether a gallery was made (tag pages then link to it).
    var galleryExists: Bool { FileManager.default.fileExists(atPath: galleryFile.path) }

    /// One tag's collage in `collageAll`: written, or why not.
    public struct TagCollage: Sendable {
        /// The tag's name.
        public var tag: String
        /// The file written, or why not.
        public var result: Result<CollageResult, any Error>
    }

    /// Renders every tag's collage; with HTML, also the gallery. A tag that cannot be drawn is
    /// reported and the others are still made.
    public func makeAll(options: CollageOptions) throws -> (collages: [TagCollage], gallery: URL?) {
        let collages = try store.tags().map { tag in
            TagCollage(
                tag: tag.name,
                result: Result {
                    try make(
                        tag: TagName(tag.name), options: options, output: nil, embedImages: false,
                        forGallery: options.format == .html)
                })
        }
        guard options.format == .html else { return (collages, nil) }
        return (collages, try writeGallery(theme: options.theme, language: options.language))
    }

    /// Writes the gallery from the store and the tag pages in the collages folder.
    @discardableResult
    public func writeGallery(theme: CollageTheme, language: Language = .english) throws -> URL {
        let folder = store.home.collagesFolder
        let entries = try store.tags().compactMap { tag -> CollageGallery.Entry? in
            let page = defaultFile(forKey: tag.key, format: .html)
            guard FileManager.default.fileExists(atPath: page.path) else { return nil }
            let covers = try store.books(of: TagName(tag.name)).prefix(CollageGallery.stripLength).map {
                RelativePath.from(folder: folder, to: store.coverURL($0.book.coverPath))
            }
            return CollageGallery.Entry(
                name: tag.name, books: tag.bookCount, source: tag.sourceDescription,
                page: RelativePath.encoded(page.lastPathComponent), covers: covers,
                headline: try? store.stats(of: TagName(tag.name)).inLanguage(language).headline)
        }
        try store.home.createFolders()
        let lock = try PreparedCollage.lockFolder(folder)
        return try PreparedCollage(
            data: Data(CollageGallery(entries: entries, theme: theme, words: Words(language)).html().utf8),
            destination: galleryFile, lock: lock
        ).commit().file
    }

    /// Deletes the tag's collages; the gallery, if there is one, drops the tag.
    public func removeCollages(forKey key: String, theme: CollageTheme) {
        for format in CollageFormat.allCases {
            try? FileManager.default.removeItem(at: defaultFile(forKey: key, format: format))
        }
        if FileManager.default.fileExists(atPath: galleryFile.path) { _ = try? writeGallery(theme: theme) }
    }
}
