import Foundation

/// The genuine covers of the Calibre library in fixtures (fixtures/libraries/PROVENANCE.md): five
/// photographic JPEGs of 36–258 KB, for tests and benchmarks whose figures depend on real covers
/// (synthetic ones compress to almost nothing).
public enum GenuineCovers {
    /// The library, under the package's root.
    public static let calibreLibrary = "fixtures/libraries/calibre/finleyge-mycalibredatebase"

    /// Each `cover.jpg` of the library under `packageRoot`, in path order; throws if there are none.
    public static func calibre(packageRoot: URL) throws -> [Data] {
        let library = packageRoot.appendingPathComponent(calibreLibrary)
        let files =
            (FileManager.default.enumerator(at: library, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL }
            ?? [])
            .filter { $0.lastPathComponent == "cover.jpg" }.sorted { $0.path < $1.path }
        guard !files.isEmpty else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: library.path + "/*/cover.jpg"])
        }
        return try files.map { try Data(contentsOf: $0) }
    }
}
