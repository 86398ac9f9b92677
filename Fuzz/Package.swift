// swift-tools-version: 6.1
import PackageDescription

// libFuzzer targets over the parsers of bytes booktag takes from strangers. Built by scripts/fuzz
// (never by the main package's build). BookTag and its C targets are compiled here again from
// booktag's own sources (`Sources/Shared/` links to them), with AddressSanitizer and libFuzzer's
// coverage, and `-enable-testing` so that each target reaches the decoder it fuzzes without
// making it public. The packages BookTag uses (GRDB, CSV.swift, swift-crypto, ZIPFoundation) are
// not instrumented: they are built exactly as the main package builds them, so a build in the
// main package's `.build` (as CI's) reuses them instead of compiling them again under ASan. The C
// codec's own target is Codec/fuzz_codec.c, built by clang. See Fuzz/README.md.
let sanitized = ["-sanitize=fuzzer,address"]
let cSanitized: [CSetting] = [.unsafeFlags(["-fsanitize=fuzzer-no-link,address"])]

let package = Package(
    name: "booktag-fuzz",
    platforms: [.macOS(.v15)],
    // The same requirements as ../Package.swift, for the same pins (scripts/fuzz copies its
    // Package.resolved here).
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    ],
    targets: [
        .systemLibrary(name: "CLibXML2", path: "Sources/Shared/CLibXML2", pkgConfig: "libxml-2.0"),
        .systemLibrary(name: "CLibJPEG", path: "Sources/Shared/CLibJPEG", pkgConfig: "libjpeg"),
        .systemLibrary(name: "CLibPNG", path: "Sources/Shared/CLibPNG", pkgConfig: "libpng"),
        .systemLibrary(name: "CSystemZlib", path: "Sources/Shared/CSystemZlib", pkgConfig: "zlib"),
        .systemLibrary(name: "CLibDeflate", path: "Sources/Shared/CLibDeflate", pkgConfig: "libdeflate"),
        .target(name: "CLazyLibrary", path: "Sources/Shared/CLazyLibrary", cSettings: cSanitized),
        .target(name: "CPango", dependencies: ["CLazyLibrary"], path: "Sources/Shared/CPango", cSettings: cSanitized),
        .target(name: "CLibGD", dependencies: ["CLazyLibrary"], path: "Sources/Shared/CLibGD", cSettings: cSanitized),
        .target(
            name: "CImageCodec", dependencies: ["CLibJPEG", "CLibPNG", "CSystemZlib", "CLibDeflate"],
            path: "Sources/Shared/CImageCodec", cSettings: cSanitized),
        .target(name: "CBookTagSystem", path: "Sources/Shared/CBookTagSystem", cSettings: cSanitized),
        .target(
            name: "BookTag",
            dependencies: [
                "CLibXML2", "CLibGD", "CImageCodec", "CPango", "CBookTagSystem",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "CSV", package: "CSV.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            path: "Sources/Shared/BookTag",
            exclude: ["BookTag.docc", "Languages/Catalogues/booktag.pot"],
            // As the main package compiles them in (`Words`' catalogues).
            resources: ["es", "de", "fr", "it", "pt_BR", "zh_Hans"].map {
                .embedInCode("Languages/Catalogues/\($0).po")
            },
            swiftSettings: [.unsafeFlags(sanitized + ["-enable-testing"])]
        ),
        .target(name: "FuzzSupport", dependencies: ["BookTag"], swiftSettings: [.unsafeFlags(sanitized)]),
        .target(name: "CFuzzDriver", cSettings: cSanitized),
    ]
        + ["FuzzXML", "FuzzHTML", "FuzzJSON", "FuzzLibrary", "FuzzOptions"].map { name in
            // Each has `@_cdecl("NAME_main")`, SwiftPM's entry point, which hands over to libFuzzer.
            .executableTarget(
                name: name,
                dependencies: ["FuzzSupport", "CFuzzDriver", "BookTag"],
                swiftSettings: [.unsafeFlags(["-parse-as-library"] + sanitized)],
                linkerSettings: [.unsafeFlags(sanitized)])
        }
)
