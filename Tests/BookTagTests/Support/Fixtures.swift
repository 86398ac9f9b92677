import Foundation

/// Locates the project's fixtures: synthetic ones booktag made, and genuine recorded answers.
enum Fixtures {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let goodreads = packageRoot.appendingPathComponent("fixtures/goodreads")
    /// The bundled synthetic recording (see fixtures/tools/make_replay_fixture.py).
    static let replay = packageRoot.appendingPathComponent("fixtures/replay")
    /// The synthetic Open Library recording (see fixtures/tools/make_openlibrary_replay.py).
    static let openLibraryReplay = packageRoot.appendingPathComponent("fixtures/openlibrary-replay")
    /// The synthetic Goodreads shelf feeds (see fixtures/tools/make_shelf_replay.py).
    static let shelfReplay = packageRoot.appendingPathComponent("fixtures/shelf-replay")
    /// A home made by booktag before book ids had a source (store schema v1; see fixtures/README.md).
    static let v1Home = packageRoot.appendingPathComponent("fixtures/homes/v1")
    /// Small covers in the formats and colour types collages decode (see fixtures/README.md).
    static let covers = packageRoot.appendingPathComponent("fixtures/covers")

    /// Genuine Open Library answers other projects recorded (fixtures/recorded/PROVENANCE.md).
    static let recordedOpenLibrary = packageRoot.appendingPathComponent("fixtures/recorded/openlibrary")
    /// Genuine Goodreads answers other projects recorded (fixtures/recorded/PROVENANCE.md).
    static let recordedGoodreads = packageRoot.appendingPathComponent("fixtures/recorded/goodreads")

    static func data(_ relativePath: String) throws -> Data {
        try Data(contentsOf: goodreads.appendingPathComponent(relativePath))
    }

    static func files(in folder: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }
}
