import Foundation
import GRDB

extension BookStore {
    /// Sets the reader's goal for its year, replacing the one before.
    public func setGoal(_ goal: ReadingGoal) throws {
        try goal.check()
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO readingGoal (year, books, pages, updatedAt) VALUES (?, ?, ?, ?)
                    ON CONFLICT(year) DO UPDATE SET books = excluded.books, pages = excluded.pages,
                        updatedAt = excluded.updatedAt
                    """, arguments: [goal.year, goal.books, goal.pages, Date().storeMilliseconds])
        }
    }

    /// The goal for `year`, if the reader set one.
    public func goal(_ year: Int) throws -> ReadingGoal? {
        try read { db in try Self.goal(year, in: db) }
    }

    /// Removes the goal for `year`; `false` when there was none.
    @discardableResult
    public func clearGoal(_ year: Int) throws -> Bool {
        try write { db in
            try db.execute(sql: "DELETE FROM readingGoal WHERE year = ?", arguments: [year])
            return db.changesCount > 0
        }
    }

    static func goal(_ year: Int, in db: Database) throws -> ReadingGoal? {
        try Row.fetchOne(db, sql: "SELECT year, books, pages FROM readingGoal WHERE year = ?", arguments: [year])
            .map { ReadingGoal(year: $0[0], books: $0[1], pages: $0[2]) }
    }
}
