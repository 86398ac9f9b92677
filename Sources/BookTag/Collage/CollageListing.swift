import Foundation

/// The collages folder as read once, to name the collage of many tags at a time (`list`, the tags
/// page): each base name with its file of the first format (in `CollageFormat.allCases` order),
/// and the slugs that some file carries before a hash, so that only those keys are hashed. Read
/// as bytes, into no array per file: a folder of a thousand collages is listed on every `list`.
struct CollageListing: Sendable {
    private let prefix: String
    private let chosen: [Substring: (rank: Int, name: String)]
    private let hashedSlugs: Set<Substring>

    /// The listing of `folder` (empty when it cannot be read).
    init(folder: String) {
        prefix = folder + "/"
        let names = Self.names(in: folder) ?? []
        var chosen: [Substring: (rank: Int, name: String)] = .init(minimumCapacity: names.count)
        var hashedSlugs = Set<Substring>(minimumCapacity: names.count)
        for name in names {
            let bytes = name.utf8
            guard let dot = bytes.firstIndex(of: UInt8(ascii: ".")),
                let rank = Self.extensions.firstIndex(where: { $0.elementsEqual(bytes[bytes.index(after: dot)...]) })
            else { continue }
            let base = Substring(bytes[..<dot])
            if let earlier = chosen[base], earlier.rank < rank { continue }
            chosen[base] = (rank, name)
            if let dash = base.utf8.lastIndex(of: UInt8(ascii: "-")),
                base.utf8.distance(from: dash, to: base.endIndex) == 9
            {
                hashedSlugs.insert(base[..<dash])
            }
        }
        self.chosen = chosen
        self.hashedSlugs = hashedSlugs
    }

    /// The collage of each key (`nil`: none), in the order of `keys`: an array rather than a
    /// dictionary by key, which a list of 1,000 tags filled and then read back twice a tag.
    func files(forKeys keys: [String]) -> [String?] {
        guard !chosen.isEmpty else { return Array(repeating: nil, count: keys.count) }
        return keys.map { key in
            let (slug, hashed) = CollageName.slug(forKey: key)
            if hashed, !hashedSlugs.contains(Substring(slug)) { return nil }
            let base = hashed ? CollageName.baseName(slug: slug, key: key) : slug
            return chosen[Substring(base)].map { prefix + $0.name }
        }
    }

    /// The names in `folder`, through readdir(3): FileManager's listing took 0.4–0.5 ms of `list`
    /// for a thousand collages (timed in place).
    private static func names(in folder: String) -> [String]? {
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { bytes in
                String(cString: bytes.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// Collage file extensions as bytes, in `CollageFormat.allCases` order (the first found wins).
    private static let extensions = CollageFormat.allCases.map { Array($0.fileExtension.utf8) }
}
