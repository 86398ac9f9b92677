import BookTagTestSupport
import Foundation
import GRDB
import Testing

@testable import BookTag

/// A new home's store is made at the current schema in one go (`StoreSchema.currentSchemaSQL`),
/// not by running every migration: it must be the very store the migrations make, so that the
/// next migration upgrades both alike.
struct FreshStoreTests {
    /// The schema as the migrations leave it: each object's type, name, table and SQL.
    static func schema(_ db: Database) throws -> [Row] {
        try Row.fetchAll(db, sql: "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name")
    }

    @Test func aNewStoreIsTheStoreTheMigrationsMake() throws {
        let folder = try TemporaryHome()
        let migrated = try DatabaseQueue(path: folder.folder.appendingPathComponent("migrated.sqlite").path)
        try StoreSchema.migrator.migrate(migrated)

        let temporary = try TemporaryHome()
        let store = try BookStore.open(home: temporary.home)
        #expect(try store.integrityCheck())
        let fresh = try DatabaseQueue(path: temporary.home.databaseFile.path)

        let expected = try migrated.read(Self.schema)
        let made = try fresh.read(Self.schema)
        let statements = try migrated.read { db in
            try String.fetchAll(
                db,
                sql:
                    "SELECT sql || ';' FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY rowid"
            )
        }
        #expect(
            made == expected,
            "StoreSchema.currentSchemaSQL should be:\n\(statements.joined(separator: "\n"))")

        // The same rows in every table: the applied migrations, and what the migrations leave
        // (the sequence a rebuilt table's AUTOINCREMENT keeps), nothing else.
        func contents(_ queue: DatabaseQueue) throws -> [String: [Row]] {
            try queue.read { db in
                let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
                return try Dictionary(
                    uniqueKeysWithValues: tables.map {
                        ($0, try Row.fetchAll(db, sql: "SELECT * FROM \"\($0)\" ORDER BY 1"))
                    })
            }
        }
        let migratedRows = try contents(migrated)
        #expect(try contents(fresh) == migratedRows)
        #expect(migratedRows["grdb_migrations"]?.count == StoreSchema.migrator.migrations.count)
        let others = migratedRows.filter { $0.key != "grdb_migrations" && $0.key != "sqlite_sequence" }
        #expect(others.values.allSatisfy { $0.isEmpty }, "no other table has a row")
        let completed = try fresh.read { db in try StoreSchema.migrator.hasCompletedMigrations(db) }
        #expect(completed)
        #expect(try fresh.read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == 0)
    }

    /// What a reader does first works on a store made that way, and a second open is only a read.
    @Test func aNewStoreTakesBooksAndOpensAgain() throws {
        let temporary = try TemporaryHome()
        let store = try BookStore.open(home: temporary.home)
        try store.createTag(
            TagName("fresh"), source: .goodreads, books: SyntheticBooks.set(1),
            search: SearchPosition(totalResults: 12, pageSize: 20, startPage: 1))
        let again = try BookStore.open(home: temporary.home)
        #expect(try again.tags().map(\.bookCount) == [12])
        #expect(try again.integrityCheck())
    }
}
