import Foundation
import Testing

@testable import BookTag

@Suite struct ImageInfoTests {
    @Test func readsPNGAndGIFHeaders() {
        let png: [UInt8] =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [
                0, 0, 1, 44, 0, 0, 1, 194, 8, 2, 0, 0, 0,
            ]
        #expect(ImageInfo(png) == ImageInfo(format: .png, width: 300, height: 450))
        let gif: [UInt8] = Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0]
        #expect(
            ImageInfo(gif) == ImageInfo(format: .gif, width: 1, height: 1),
            "Goodreads' 1×1 stand-in is read, so it can be refused")
    }

    @Test func readsJPEGStartOfFrameAfterOtherSegments() {
        var jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        jpeg += [0xFF, 0xDB, 0x00, 0x04, 0x00, 0x00]  // a quantisation table segment (truncated body)
        jpeg += [0xFF, 0xC2, 0x00, 0x11, 0x08, 0x01, 0xC2, 0x01, 0x2C, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
        #expect(ImageInfo(jpeg) == ImageInfo(format: .jpeg, width: 300, height: 450))
    }

    @Test func readsWebPVariants() {
        let riff: [UInt8] = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8)
        let lossy =
            riff + Array("VP8 ".utf8) + [0, 0, 0, 0] + [0, 0, 0] + [0x9D, 0x01, 0x2A] + [0x2C, 0x01, 0xC2, 0x01]
        #expect(ImageInfo(lossy) == ImageInfo(format: .webp, width: 300, height: 450))
        let extended = riff + Array("VP8X".utf8) + [0, 0, 0, 0] + [0, 0, 0, 0] + [0x2B, 0x01, 0x00, 0xC1, 0x01, 0x00]
        #expect(ImageInfo(extended) == ImageInfo(format: .webp, width: 300, height: 450))
    }

    @Test(arguments: [
        Data("<html><body>404</body></html>".utf8), Data(), Data([0xFF, 0xD8]), Data([0xFF, 0xD8, 0xFF, 0xD9]),
        Data("GIF89a".utf8),
        Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]) + Data("IHDR".utf8) + Data(count: 8),
    ])
    func refusesWhatIsNotAnImageWithASize(bytes: Data) {
        #expect(ImageInfo(bytes) == nil)
    }
}
