// swift-tools-version: 6.1
import PackageDescription

/// Where libxml2's headers are (Debian's libxml2-dev), for the C shim and every Swift module that imports it.
let libxml2Headers = (
    c: CSetting.unsafeFlags(["-I/usr/include/libxml2"]),
    swift: SwiftSetting.unsafeFlags(["-Xcc", "-I/usr/include/libxml2"])
)

/// lld, packed relative relocations and no exported symbols: less work for the dynamic loader
/// before `main`.
let executableLinking = LinkerSetting.unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker", "--no-export-dynamic"])

let package = Package(
    name: "booktag",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "BookTag", targets: ["BookTag"]),
        // AsyncHTTPClient under BookTag's `HTTPTransport`: what a program needs to fetch books
        // over the network (BookTag itself answers from recordings without it).
        .library(name: "BookTagHTTP", targets: ["BookTagHTTP"]),
        .executable(name: "booktag", targets: ["booktag"]),
        // The same command tree with the network client and the server: booktag hands commands
        // that go online to it (Sources/BookTagCLI/Online.swift), so its own start-up loads none of them.
        .executable(name: "booktag-online", targets: ["booktag-online"]),
        // Test doubles (a loopback HTTP server, a fake clock, synthetic books) for booktag's
        // own tests and benchmarks; not part of the tool.
        .library(name: "BookTagTestSupport", targets: ["BookTagTestSupport"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/swift-server/async-http-client", exact: "1.37.0"),
        .package(url: "https://github.com/yaslab/CSV.swift", exact: "2.5.2"),
        // `booktag serve`; no traits: swift-configuration and full Foundation are not used.
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1", traits: []),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // `swift package generate-documentation --target BookTag`: the library's DocC catalog.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // libxml2 is opened with dlopen on first use (see Sources/CLibXML2/include/CLibXML2.h); its
        // headers (libxml2-dev) give the types, from Debian's include folder.
        .target(name: "CLibXML2", cSettings: [libxml2Headers.c]),
        // libgd is opened with dlopen only for the rare GIF or WebP cover (see Sources/CLibGD/include/CLibGD.h), not linked.
        .target(name: "CLibGD"),
        .target(name: "CBookTagSystem"),
        // The system's libcrypto, opened with dlopen on first use (see Sources/CLibCrypto/include/CLibCrypto.h).
        .target(name: "CLibCrypto"),
        // Pango, cairo and fontconfig are opened with dlopen on first use too (see Sources/CPango/include/CPango.h).
        .target(name: "CPango"),
        // libjpeg, libpng and zlib are opened with dlopen on first use (see Sources/CImageCodec/CodecLibraries.h).
        .target(name: "CImageCodec"),
        .target(
            name: "BookTag",
            dependencies: [
                "CLibXML2",
                "CLibGD",
                "CImageCodec",
                "CPango",
                "CBookTagSystem",
                "CLibCrypto",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "CSV", package: "CSV.swift"),
            ],
            swiftSettings: [libxml2Headers.swift]
        ),
        .target(
            name: "BookTagHTTP",
            dependencies: ["BookTag", .product(name: "AsyncHTTPClient", package: "async-http-client")]
        ),
        // The commands, shared by the two executables.
        .target(
            name: "BookTagCLI",
            dependencies: ["BookTag", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(name: "booktag", dependencies: ["BookTagCLI"], linkerSettings: [executableLinking]),
        .executableTarget(
            name: "booktag-online",
            dependencies: [
                "BookTag",
                "BookTagCLI",
                "BookTagHTTP",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            linkerSettings: [executableLinking]
        ),
        .target(
            name: "BookTagTestSupport",
            dependencies: ["BookTag"],
            path: "Tests/BookTagTestSupport"
        ),
        .executableTarget(
            name: "booktag-test-helper",
            dependencies: ["BookTag", "BookTagHTTP", "BookTagTestSupport"],
            path: "Tests/booktag-test-helper"
        ),
        .testTarget(
            name: "BookTagTests",
            dependencies: [
                "BookTag", "BookTagHTTP", "BookTagCLI", "CLibXML2", "CLibGD", "CImageCodec", "BookTagTestSupport", "booktag-test-helper",
                "booktag", "booktag-online",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            swiftSettings: [libxml2Headers.swift]
        ),
    ]
)
