// swift-tools-version: 6.1
import PackageDescription

// A program that uses BookTag as a library, as a package depending on it would. CI builds and
// runs it: swift run --package-path Examples collage-from-recording fixtures/openlibrary-replay
let package = Package(
    name: "booktag-examples",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "booktag", path: "..")
    ],
    targets: [
        .executableTarget(
            name: "collage-from-recording",
            dependencies: [.product(name: "BookTag", package: "booktag")]
        )
    ]
)
