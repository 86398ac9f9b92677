// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "booktag",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "BookTag", targets: ["BookTag"]),
        .executable(name: "booktag", targets: ["booktag"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .target(
            name: "BookTag",
            dependencies: ["CLibXML2"]
        ),
        .executableTarget(
            name: "booktag",
            dependencies: [
                "BookTag",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "BookTagTests",
            dependencies: ["BookTag", "CLibXML2"]
        ),
    ]
)
