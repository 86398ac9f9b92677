// swift-tools-version: 6.0
import PackageDescription

// Benchmarks live in their own package so that the product never depends on what only the
// comparisons need (SWXMLHash). Run: swift run -c release --package-path Benchmarks booktag-bench xml
let package = Package(
    name: "booktag-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "booktag", path: ".."),
        .package(url: "https://github.com/drmohundro/SWXMLHash", exact: "8.1.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    ],
    targets: [
        .executableTarget(
            name: "booktag-bench",
            dependencies: [
                .product(name: "BookTag", package: "booktag"),
                .product(name: "BookTagHTTP", package: "booktag"),
                .product(name: "BookTagTestSupport", package: "booktag"),
                .product(name: "SWXMLHash", package: "SWXMLHash"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        )
    ]
)
