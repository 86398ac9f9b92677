// swift-tools-version: 6.1
import PackageDescription

// A program that uses BookTag as a library, depending on it the way any other package does: by
// URL and version. scripts/check-example builds and runs it against a tagged clone of this
// repository (a git url.insteadOf points the URL there), so CI proves a versioned dependency works.
let package = Package(
    name: "booktag-examples",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/booktag/booktag", from: "0.6.0")
    ],
    targets: [
        .executableTarget(
            name: "collage-from-recording",
            dependencies: [.product(name: "BookTag", package: "booktag")]
        )
    ]
)
