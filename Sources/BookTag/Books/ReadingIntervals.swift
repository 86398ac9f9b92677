import Foundation

/// A book's intervals of reading, in start order: an array whose `Codable` form is one packed
/// string instead of an object per interval. An import spills every row it reads to a scratch
/// file and reads it back several times; as JSON objects, a year of 50,000 KOReader rows made
/// the import spend half its time in `JSONDecoder` (3.4 s of a 50,000-row import, `perf`).
public struct ReadingIntervals: RandomAccessCollection, Equatable, Hashable, Sendable, ExpressibleByArrayLiteral {
    /// The intervals.
    public var elements: [ReadingInterval]

    /// `elements`, as they are.
    public init(_ elements: [ReadingInterval] = []) {
        self.elements = elements
    }

    public init(arrayLiteral elements: ReadingInterval...) {
        self.elements = elements
    }

    public var startIndex: Int { elements.startIndex }
    public var endIndex: Int { elements.endIndex }
    public subscript(position: Int) -> ReadingInterval { elements[position] }
}

extension ReadingIntervals: Codable {
    /// 17 bytes an interval, little-endian: start (8), seconds (4), day as days since 1970 (4), hour (1).
    private static let stride = 17

    public func encode(to encoder: any Encoder) throws {
        var bytes = [UInt8]()
        bytes.reserveCapacity(elements.count * Self.stride)
        for interval in elements {
            withUnsafeBytes(of: interval.start.littleEndian) { bytes += $0 }
            withUnsafeBytes(of: Int32(clamping: interval.seconds).littleEndian) { bytes += $0 }
            withUnsafeBytes(of: Int32(clamping: CalendarDay(interval.day)?.number ?? 0).littleEndian) { bytes += $0 }
            bytes.append(UInt8(clamping: interval.hour))
        }
        var container = encoder.singleValueContainer()
        try container.encode(Data(bytes).base64EncodedString())
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let data = Data(base64Encoded: try container.decode(String.self)), data.count % Self.stride == 0
        else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not packed intervals")
        }
        var elements: [ReadingInterval] = []
        elements.reserveCapacity(data.count / Self.stride)
        var lastDay: (number: Int32, text: String)?
        data.withUnsafeBytes { raw in
            for offset in Swift.stride(from: 0, to: raw.count, by: Self.stride) {
                let start = Int64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: Int64.self))
                let seconds = Int32(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 8, as: Int32.self))
                let day = Int32(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 12, as: Int32.self))
                if lastDay?.number != day { lastDay = (day, CalendarDay(number: Int(day)).text) }
                elements.append(
                    ReadingInterval(
                        start: start, seconds: Int(seconds), day: lastDay?.text ?? "", hour: Int(raw[offset + 16])))
            }
        }
        self.elements = elements
    }
}
