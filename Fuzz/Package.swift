// swift-tools-version: 6.0
import PackageDescription

// libFuzzer targets over the parsers of bytes booktag takes from strangers. Built by scripts/fuzz
// (never by the main package's build) with -sanitize=fuzzer,address and -enable-testing, so
// that each target reaches the decoder it fuzzes without making it public. The C codec's target
// is Codec/fuzz_codec.c, built by clang. See Fuzz/README.md.
let package = Package(
    name: "booktag-fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "booktag", path: "..")],
    targets: [
        .target(name: "FuzzSupport"),
        .target(name: "CFuzzDriver"),
    ]
        + ["FuzzXML", "FuzzHTML", "FuzzJSON", "FuzzLibrary", "FuzzOptions"].map { name in
            // Each has `@_cdecl("NAME_main")`, SwiftPM's entry point, which hands over to libFuzzer.
            .executableTarget(
                name: name,
                dependencies: ["FuzzSupport", "CFuzzDriver", .product(name: "BookTag", package: "booktag")],
                swiftSettings: [.unsafeFlags(["-parse-as-library"])])
        }
)
