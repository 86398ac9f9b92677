import Foundation
import GRDB

/// A store booktag did not write itself (a backup's), checked before it takes a home's place.
///
/// booktag's reads trust what its schema promises: a tag's name is never NULL, a count is an
/// integer, a book's tag exists. A file that breaks a promise, damaged or made by hand, would stop
/// the first command that reads the row that breaks it. Here the whole file is checked once
/// against the schema booktag itself made at the same migration (damage, each column's values,
/// the references between tables and the unique keys they lean on), then migrated, so a restore
/// puts in place only a store the next command can open.
enum StoreCheck {
    /// What is wrong with the store, in a few words, for the one-line error.
    struct Problem: Error, Equatable {
        var reason: String
    }

    /// Checks the SQLite file at `path`, then brings it to the current schema (it is a copy
    /// booktag may change). Throws `Problem` naming the first thing wrong.
    static func checkAndMigrate(_ path: String) throws {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = false
        let store: DatabaseQueue
        do {
            store = try DatabaseQueue(path: path, configuration: configuration)
        } catch let error as DatabaseError {
            throw Problem(reason: "it is not a SQLite database (\(error.message ?? "\(error.resultCode)"))")
        }
        let migrator = StoreSchema.migrator
        do {
            let applied = try store.read { db in try check(db, migrations: migrator.migrations) }
            // A store of today's schema (most backups) is compared with it made in one go, as a new
            // home's is; an older one with the migrations up to its own.
            let reference = try DatabaseQueue()
            if applied == migrator.migrations.last {
                _ = try reference.write { try StoreSchema.createCurrentSchema($0, migrator: migrator) }
            } else {
                try migrator.migrate(reference, upTo: applied)
            }
            try reference.read { expected in try store.read { db in try compare(db, with: expected) } }
            try migrator.migrate(store)
        } catch let error as DatabaseError {
            throw Problem(reason: "SQLite refused it (\(error.message ?? "\(error.resultCode)"))")
        }
    }

    /// Damage, and which of booktag's migrations made the store: returns the last applied, after
    /// checking that they are the first ones in order (GRDB applies them no other way).
    private static func check(_ db: Database, migrations: [String]) throws -> String {
        let damage = try Row.fetchAll(db, sql: "PRAGMA integrity_check(1)").first.flatMap { $0[0] as String? }
        guard damage == "ok" else { throw Problem(reason: "it is damaged (\(damage ?? "no answer"))") }
        guard try db.tableExists("grdb_migrations") else { throw Problem(reason: "it is not a booktag store") }
        let applied = Set(
            try Row.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations").compactMap { $0[0] as String? })
        let prefix = migrations.prefix { applied.contains($0) }
        guard let last = prefix.last, applied.intersection(migrations).count == prefix.count else {
            throw Problem(reason: "it is not a booktag store (its migrations are not booktag's)")
        }
        return last
    }

    /// No trigger or view but `expected`'s; every table, column, reference and unique key of
    /// `expected` is in `db`; every value is of its column's kind (NULL only where booktag allows
    /// it); and every reference resolves.
    private static func compare(_ db: Database, with expected: Database) throws {
        // A trigger would change booktag's own writes, a view could stand where a table is read:
        // none but booktag's (it makes none).
        let objects = "SELECT type || ' ' || name FROM sqlite_master WHERE type IN ('trigger', 'view') ORDER BY 1"
        let booktags = Set(try String.fetchAll(expected, sql: objects))
        let theirs = try Row.fetchAll(db, sql: objects).compactMap { $0[0] as String? }
        if let extra = theirs.first(where: { !booktags.contains($0) }) {
            throw Problem(reason: "it has a \(extra) booktag did not make")
        }
        let tables = try String.fetchAll(
            expected,
            sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        for table in tables {
            guard try db.tableExists(table) else { throw Problem(reason: "it has no table \(table)") }
            let columns = try db.columns(in: table)
            let expectedColumns = try expected.columns(in: table)
            for column in expectedColumns {
                guard let found = columns.first(where: { $0.name == column.name }) else {
                    throw Problem(reason: "its table \(table) has no column \(column.name)")
                }
                guard found.type.uppercased() == column.type.uppercased(),
                    found.primaryKeyIndex == column.primaryKeyIndex
                else { throw Problem(reason: "its \(table).\(column.name) is not declared as booktag declares it") }
            }
            let references = try foreignKeys(db, table)
            for reference in try foreignKeys(expected, table) where !references.contains(reference) {
                throw Problem(reason: "its table \(table) lacks booktag's reference to \(reference.table)")
            }
            let keys = try db.indexes(on: table).filter(\.isUnique).map(\.columns)
            for key in try expected.indexes(on: table).filter(\.isUnique).map(\.columns) where !keys.contains(key) {
                throw Problem(reason: "its table \(table) lacks booktag's unique key on \(key.joined(separator: ", "))")
            }
            try checkValues(db, table: table, columns: expectedColumns)
        }
        if let dangling = try Row.fetchOne(db, sql: "PRAGMA foreign_key_check") {
            let table = dangling[0] as String? ?? "?"
            let parent = dangling[2] as String? ?? "?"
            throw Problem(reason: "a row of \(table) refers to a row of \(parent) that is not there")
        }
    }

    private struct ForeignKey: Equatable {
        var table: String, from: String, to: String, onDelete: String
    }

    private static func foreignKeys(_ db: Database, _ table: String) throws -> [ForeignKey] {
        try Row.fetchAll(db, sql: "PRAGMA foreign_key_list(\(table.quotedDatabaseIdentifier))").map { row in
            ForeignKey(
                table: row["table"] ?? "", from: row["from"] ?? "", to: row["to"] ?? "",
                onDelete: row["on_delete"] ?? "")
        }
    }

    /// One scan of `table` for the first value booktag's reads could not take: NULL in a column
    /// booktag declares NOT NULL, or a value of another kind than its column's (SQLite keeps a
    /// text in an INTEGER column as it is).
    private static func checkValues(_ db: Database, table: String, columns: [ColumnInfo]) throws {
        let tests = columns.map { column -> (column: ColumnInfo, wrong: String) in
            let name = column.name.quotedDatabaseIdentifier
            let kinds = allowedKinds(declared: column.type).map { "'\($0)'" }.joined(separator: ", ")
            let required = column.isNotNull || column.primaryKeyIndex > 0
            let null = required ? "\(name) IS NULL OR " : "\(name) IS NOT NULL AND "
            return (column, "(\(null)typeof(\(name)) NOT IN (\(kinds)))")
        }
        guard !tests.isEmpty else { return }
        // The index of the first column that fails, and what its value is.
        let which = tests.enumerated().map { index, test in
            "WHEN \(test.wrong) THEN \(index) || ' ' || typeof(\(test.column.name.quotedDatabaseIdentifier))"
        }
        let sql = """
            SELECT CASE \(which.joined(separator: " ")) END FROM \(table.quotedDatabaseIdentifier) \
            WHERE \(tests.map(\.wrong).joined(separator: " OR ")) LIMIT 1
            """
        guard let found = try Row.fetchOne(db, sql: sql)?[0] as String? else { return }
        let parts = found.split(separator: " ")
        guard parts.count == 2, let index = Int(parts[0]), tests.indices.contains(index) else {
            throw Problem(reason: "its table \(table) holds a value booktag never writes there")
        }
        let column = tests[index].column
        let wanted = allowedKinds(declared: column.type)[0]
        throw Problem(
            reason: "its \(table).\(column.name) holds \(described(String(parts[1]))) where booktag writes "
                + described(wanted))
    }

    private static func described(_ kind: String) -> String {
        switch kind {
        case "integer": "an integer"
        case "real": "a number"
        case "blob": "bytes"
        default: kind  // text, null
        }
    }

    /// The storage classes a value of a column declared `declared` may have, by SQLite's
    /// affinity rules (section 3.1 of its datatype page), as booktag writes them.
    static func allowedKinds(declared: String) -> [String] {
        let type = declared.uppercased()
        if type.contains("INT") { return ["integer"] }
        if type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT") { return ["text"] }
        if type.contains("BLOB") || type.isEmpty { return ["blob"] }
        return ["real", "integer"]  // REAL, DOUBLE, FLOAT, and NUMERIC (a BOOLEAN)
    }
}
