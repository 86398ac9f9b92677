import Foundation

/// A JPEG's frame header: whether a PDF can hold the file's own bytes. Every PDF reader and
/// print shop's RIP takes a baseline, 8-bit, three-component JPEG as it is (DCTDecode); a
/// progressive or CMYK one is decoded and stored losslessly instead, never passed on to fail
/// in a RIP that reads it otherwise (Adobe's inverted CMYK).
struct JPEGFrame: Equatable {
    /// Start of frame 0: baseline sequential.
    var isBaseline: Bool
    var precision: Int
    var components: Int
    var width: Int
    var height: Int

    /// `nil` when `data` is not a JPEG with a frame header before its first scan.
    init?(_ data: Data) {
        let bytes = [UInt8](data.prefix(1 << 20))
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var index = 2
        while index + 3 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF {  // fill byte
                index += 1
                continue
            }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                index += 2
                continue
            }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            guard marker != 0xDA, length >= 2 else { return nil }
            let isFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
            if isFrame {
                guard index + 9 < bytes.count else { return nil }
                isBaseline = marker == 0xC0
                precision = Int(bytes[index + 4])
                height = Int(bytes[index + 5]) << 8 | Int(bytes[index + 6])
                width = Int(bytes[index + 7]) << 8 | Int(bytes[index + 8])
                components = Int(bytes[index + 9])
                return
            }
            index += 2 + length
        }
        return nil
    }

    /// Whether the PDF stores the file's own bytes.
    var embedsAsIs: Bool { isBaseline && precision == 8 && components == 3 && width > 0 && height > 0 }
}
