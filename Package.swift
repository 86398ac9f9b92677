// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "booktag",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "BookTag", targets: ["BookTag"]),
        // AsyncHTTPClient under BookTag's `HTTPTransport`: what a program needs to fetch books
        // over the network (BookTag itself answers from recordings without it).
        .library(name: "BookTagHTTP", targets: ["BookTagHTTP"]),
        .executable(name: "booktag", targets: ["booktag"]),
        // Test doubles (a loopback HTTP server, a fake clock, synthetic books) for booktag's
        // own tests and benchmarks; not part of the tool.
        .library(name: "BookTagTestSupport", targets: ["BookTagTestSupport"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // Cover files' content addresses (SHA-256); already built for the HTTP client's TLS.
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
        // `booktag backup`: the home as one ZIP file, each entry's CRC checked as it is read.
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        // `booktag serve`; no traits: swift-configuration and full Foundation are not used.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // NIOThreadPool: serve's blocking work off the request threads (already built for Hummingbird).
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // The import page's form (multipart/form-data), parsed as it streams.
        .package(url: "https://github.com/vapor/multipart-kit", from: "4.7.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // `swift package generate-documentation --target BookTag`: the library's DocC catalog.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The system's C libraries, linked the ordinary way: pkg-config gives their flags and the
        // linker records their real sonames.
        .systemLibrary(
            name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]),
        .systemLibrary(
            name: "CLibJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg-dev"]), .brew(["jpeg-turbo"])]),
        .systemLibrary(name: "CLibPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        .systemLibrary(name: "CSystemZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(
            name: "CLibDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]),
        // The one loader for the libraries opened on first use instead (see its header for why).
        .target(name: "CLazyLibrary"),
        // Pango, cairo and fontconfig, opened on first use: text on collages.
        .target(name: "CPango", dependencies: ["CLazyLibrary"]),
        // libgd, opened on first use: GIF and WebP covers.
        .target(name: "CLibGD", dependencies: ["CLazyLibrary"]),
        // booktag's own pixel work over libjpeg, libpng and zlib.
        .target(name: "CImageCodec", dependencies: ["CLibJPEG", "CLibPNG", "CSystemZlib", "CLibDeflate"]),
        .target(name: "CBookTagSystem"),
        .target(
            name: "BookTag",
            dependencies: [
                "CLibXML2",
                "CLibGD",
                "CImageCodec",
                "CPango",
                "CBookTagSystem",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "CSV", package: "CSV.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            exclude: ["Languages/Catalogues/booktag.pot"],
            // The reader's words in each language, compiled in: one binary, no bundle beside it.
            resources: ["es", "de", "fr", "it", "pt_BR", "zh_Hans"].map {
                .embedInCode("Languages/Catalogues/\($0).po")
            }
        ),
        .target(
            name: "BookTagHTTP",
            dependencies: ["BookTag", .product(name: "AsyncHTTPClient", package: "async-http-client")]
        ),
        // `booktag serve`: the app's pages, forms and JSON API over BookTag's use cases (no
        // command-line types: it cannot see the command target).
        .target(
            name: "BookTagServe",
            dependencies: [
                "BookTag",
                "CBookTagSystem",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // The command line: the commands and their terminal output.
        .executableTarget(
            name: "booktag",
            dependencies: [
                "BookTag",
                "BookTagHTTP",
                "BookTagServe",
                "CBookTagSystem",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            plugins: ["BuildCommit"]
        ),
        // `booktag --version` names the commit it was built from.
        .plugin(name: "BuildCommit", capability: .buildTool()),
        .target(
            name: "BookTagTestSupport",
            dependencies: ["BookTag"],
            path: "Tests/BookTagTestSupport"
        ),
        .testTarget(
            name: "BookTagTests",
            dependencies: [
                "BookTag", "BookTagHTTP", "CLibXML2", "CLibGD", "CImageCodec", "BookTagTestSupport", "BookTagServe",
                "booktag",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
    ]
)
