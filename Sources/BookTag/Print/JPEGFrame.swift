import Foundation

/// A JPEG's frame header: whether a PDF can hold the file's own bytes. Every PDF reader and
/// print shop's RIP takes a baseline, 8-bit JPEG in colour (three components) or grey (one) as
/// it is (DCTDecode); a progressive or CMYK one is decoded and stored losslessly instead, never
/// passed on to fail in a RIP that reads it otherwise (Adobe's inverted CMYK).
struct JPEGFrame: Equatable {
    /// Start of frame 0: baseline sequential.
    var isBaseline: Bool
    var precision: Int
    var components: Int
    var width: Int
    var height: Int
    /// Whether the file's end-of-image marker is in its last KiB (some files carry a few bytes
    /// after it; scan data never holds it): a cover cut short in its download would pass on a
    /// broken image, where decoding it draws what arrived.
    var isComplete = true

    /// Whether the PDF stores the file's own bytes.
    var embedsAsIs: Bool {
        isBaseline && precision == 8 && [1, 3].contains(components) && width > 0 && height > 0 && isComplete
    }
}

extension JPEGFrame {
    /// `nil` when `data` is not a JPEG with a frame header before its first scan.
    init?(_ data: Data) {
        guard let frame = data.withUnsafeBytes({ Self.parse($0.bindMemory(to: UInt8.self)) }) else { return nil }
        self = frame
        let tail = [UInt8](data.suffix(1024))
        isComplete = zip(tail, tail.dropFirst()).contains { $0 == 0xFF && $1 == 0xD9 }
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> JPEGFrame? {
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
                return JPEGFrame(
                    isBaseline: marker == 0xC0, precision: Int(bytes[index + 4]), components: Int(bytes[index + 9]),
                    width: Int(bytes[index + 7]) << 8 | Int(bytes[index + 8]),
                    height: Int(bytes[index + 5]) << 8 | Int(bytes[index + 6]))
            }
            index += 2 + length
        }
        return nil
    }
}
