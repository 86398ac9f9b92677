/// What the first bytes of an image file say: its format and pixel size.
///
/// Covers come from the network; before one is kept it must be a real image of a format
/// booktag can show. Reading the header is enough to refuse an HTML error page or a 1×1
/// tracking GIF without decoding anything.
public struct ImageInfo: Equatable, Sendable, Codable {
    /// The image formats covers come in.
    public enum Format: String, Sendable, Codable, CaseIterable {
        /// JPEG (JFIF or Exif).
        case jpeg
        /// PNG.
        case png
        /// GIF, drawn through libgd.
        case gif
        /// WebP, drawn through libgd.
        case webp

        /// The file name extension for the format.
        public var fileExtension: String {
            self == .jpeg ? "jpg" : rawValue
        }
    }

    /// The format, from the magic bytes.
    public var format: Format
    /// In pixels.
    public var width: Int
    /// In pixels.
    public var height: Int

    /// What a header says.
    public init(format: Format, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }

    /// How much of a file the header is looked for in: a JPEG's size may come after its Exif
    /// data, a thumbnail included.
    public static let headerBytes = 64 * 1024

    /// Reads format and size from `bytes`; `nil` when they are not a JPEG, PNG, GIF or WebP
    /// image with a readable size.
    public init?(_ bytes: some Collection<UInt8>) {
        let header = Array(bytes.prefix(Self.headerBytes))
        guard let info = Self.png(header) ?? Self.gif(header) ?? Self.webp(header) ?? Self.jpeg(header),
            info.width > 0, info.height > 0
        else { return nil }
        self = info
    }

    /// Only the format, from the magic number.
    public static func format(of bytes: some Collection<UInt8>) -> Format? {
        let head = Array(bytes.prefix(12))
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8)) { return .gif }
        if head.count >= 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) {
            return .webp
        }
        return nil
    }

    private static func png(_ b: [UInt8]) -> ImageInfo? {
        guard format(of: b) == .png, b.count >= 24, Array(b[12..<16]) == Array("IHDR".utf8) else { return nil }
        return ImageInfo(format: .png, width: bigEndian32(b, 16), height: bigEndian32(b, 20))
    }

    private static func gif(_ b: [UInt8]) -> ImageInfo? {
        guard format(of: b) == .gif, b.count >= 10 else { return nil }
        return ImageInfo(format: .gif, width: Int(b[6]) | Int(b[7]) << 8, height: Int(b[8]) | Int(b[9]) << 8)
    }

    private static func webp(_ b: [UInt8]) -> ImageInfo? {
        guard format(of: b) == .webp, b.count >= 30 else { return nil }
        switch Array(b[12..<16]) {
        case Array("VP8 ".utf8):  // lossy: frame tag, start code 9D 01 2A, 14-bit sizes
            guard b[23] == 0x9D, b[24] == 0x01, b[25] == 0x2A else { return nil }
            return ImageInfo(
                format: .webp, width: (Int(b[26]) | Int(b[27]) << 8) & 0x3FFF,
                height: (Int(b[28]) | Int(b[29]) << 8) & 0x3FFF)
        case Array("VP8L".utf8):  // lossless: signature 2F, then 14-bit width-1 and height-1
            guard b[20] == 0x2F else { return nil }
            let bits = Int(b[21]) | Int(b[22]) << 8 | Int(b[23]) << 16 | Int(b[24]) << 24
            return ImageInfo(format: .webp, width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1)
        case Array("VP8X".utf8):  // extended: 24-bit canvas width-1 and height-1
            let width = (Int(b[24]) | Int(b[25]) << 8 | Int(b[26]) << 16) + 1
            let height = (Int(b[27]) | Int(b[28]) << 8 | Int(b[29]) << 16) + 1
            return ImageInfo(format: .webp, width: width, height: height)
        default:
            return nil
        }
    }

    /// Walks JPEG marker segments to the first start-of-frame, which holds the size.
    private static func jpeg(_ b: [UInt8]) -> ImageInfo? {
        guard format(of: b) == .jpeg else { return nil }
        var index = 2
        while index + 9 < b.count {
            guard b[index] == 0xFF else { return nil }
            let marker = b[index + 1]
            if marker == 0xFF {
                index += 1
                continue
            }  // fill byte
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) {
                index += 2
                continue
            }
            let length = Int(b[index + 2]) << 8 | Int(b[index + 3])
            guard length >= 2 else { return nil }
            let isStartOfFrame = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
            if isStartOfFrame {
                let height = Int(b[index + 5]) << 8 | Int(b[index + 6])
                let width = Int(b[index + 7]) << 8 | Int(b[index + 8])
                return ImageInfo(format: .jpeg, width: width, height: height)
            }
            index += 2 + length
        }
        return nil
    }

    private static func bigEndian32(_ b: [UInt8], _ offset: Int) -> Int {
        Int(b[offset]) << 24 | Int(b[offset + 1]) << 16 | Int(b[offset + 2]) << 8 | Int(b[offset + 3])
    }
}
