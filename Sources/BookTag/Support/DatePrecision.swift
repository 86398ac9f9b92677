import Foundation
import GRDB

extension Date {
    /// The date exactly as the store will read it back (SQLite keeps milliseconds), so that a
    /// value returned by a save equals the one a later read returns.
    var roundedToStorePrecision: Date {
        Date.fromDatabaseValue(databaseValue) ?? self
    }
}
