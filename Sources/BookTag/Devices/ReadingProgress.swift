import Foundation
import GRDB

/// Where a reader is in a book, as KOReader's progress sync (kosync) sends it: kept per
/// document, so another device opens the book at the same place, and a tag shows how far along
/// a book in progress is.
public struct ReadingProgress: Sendable, Equatable {
    /// KOReader's document key: the partial MD5 of the book's file, in lower case.
    public var document: String
    /// KOReader's own position (an XPointer, or a page number), returned as it was sent.
    public var progress: String
    /// How far, from 0 to 1.
    public var percentage: Double
    /// What KOReader calls the device ("Kobo Libra 2").
    public var device: String
    /// KOReader's id of the device.
    public var deviceID: String
    /// The booktag device (`devices add`) that sent it.
    public var deviceName: String
    /// When it was received, in seconds since 1970.
    public var timestamp: Int64

    /// A position as received.
    public init(
        document: String, progress: String, percentage: Double, device: String, deviceID: String, deviceName: String,
        timestamp: Int64
    ) {
        self.document = document
        self.progress = progress
        self.percentage = percentage
        self.device = device
        self.deviceID = deviceID
        self.deviceName = deviceName
        self.timestamp = timestamp
    }

    init(row: Row) {
        self.init(
            document: row[0], progress: row[1], percentage: row[2], device: row[3], deviceID: row[4],
            deviceName: row[5], timestamp: row[6])
    }

    /// A book's title as progress is matched to a tag's book by it.
    public static func titleKey(_ title: String) -> String {
        title.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }
}
