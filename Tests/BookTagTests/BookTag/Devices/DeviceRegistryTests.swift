import BookTagTestSupport
import Crypto
import Foundation
import GRDB
import Testing

@testable import BookTag

/// The devices' passwords and their store (`booktag devices`): random, typeable, kept only as
/// salted hashes that both of KOReader's clients can be checked against; revoked at once.
@Suite struct DeviceRegistryTests {
    @Test func aPasswordIsFourGroupsOfFourTypeableSymbolsEightyBits() {
        var seen = Set<String>()
        for _ in 0..<200 {
            let password = DevicePassword.make()
            let groups = password.split(separator: "-", omittingEmptySubsequences: false)
            #expect(groups.count == 4 && groups.allSatisfy { $0.count == 4 }, "\(password)")
            // Lowercase letters and digits, none that an e-reader's font makes look alike.
            #expect(password.allSatisfy { $0 == "-" || ($0.isASCII && ($0.isLowercase || $0.isNumber)) })
            #expect(!password.contains { "lo01".contains($0) }, "\(password)")
            seen.insert(password)
        }
        #expect(seen.count == 200)
        #expect(DevicePassword.bits >= 64)
        // Every one of the 32 symbols turns up: the draw is not confined to part of the alphabet.
        let symbols = Set((0..<400).flatMap { _ in DevicePassword.make().filter { $0 != "-" } })
        #expect(symbols.count == 32)
    }

    @Test func bothClientsSignInAgainstOneSaltedHash() throws {
        let home = try TemporaryHome()
        let store = try BookStore.open(home: home.home)
        let registry = DeviceRegistry(store: store)
        let (device, password) = try registry.add("Kobo")
        #expect(device.name == "Kobo" && device.lastSyncAt == nil)
        // WebDAV sends the password; the progress sync its MD5 (as KOReader computes it).
        let md5 = Insecure.MD5.hash(data: Data(password.utf8)).map { String(format: "%02x", $0) }.joined()
        #expect(try registry.signIn(user: "kobo", password: password)?.name == "Kobo")
        #expect(try registry.signIn(user: "KOBO", key: md5)?.name == "Kobo")
        #expect(try registry.signIn(user: "kobo", key: md5.uppercased())?.name == "Kobo")
        #expect(try registry.signIn(user: "kobo", password: password + "x") == nil)
        #expect(try registry.signIn(user: "kobo", password: md5) == nil)
        #expect(try registry.signIn(user: "kindle", password: password) == nil)
        // Two devices with one password still have different hashes: each has its own salt.
        let rows = try DatabaseQueue(path: home.home.databaseFile.path).read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM device")
        }
        let kept = rows.flatMap { row in row.columnNames.map { "\(row[$0] ?? "")" } }.joined(separator: "\n")
        #expect(!kept.contains(password) && !kept.contains(md5), "the password or its MD5 is stored")
        let salt: String = rows[0]["salt"]
        #expect(
            DevicePassword.hash(key: md5, salt: salt) == rows[0]["keyHash"]
                && DevicePassword.hash(key: md5, salt: DevicePassword.salt()) != rows[0]["keyHash"])
    }

    @Test func namesAreCheckedOnceEachAndRemovalRevokesAtOnce() throws {
        let home = try TemporaryHome()
        let store = try BookStore.open(home: home.home)
        let registry = DeviceRegistry(store: store)
        let (_, password) = try registry.add("kobo")
        #expect(throws: BookTagFailure.self) { try registry.add("KOBO") }
        for bad in ["", "two words", "kobo:libra", String(repeating: "a", count: 41), "ünïcode", "a/b"] {
            #expect(throws: BookTagFailure.self, "\(bad)") { try registry.add(bad) }
        }
        #expect(try registry.list().map(\.name) == ["kobo"])
        try registry.remove("Kobo")
        #expect(try registry.signIn(user: "kobo", password: password) == nil)
        #expect(try registry.list().isEmpty)
        #expect(throws: BookTagFailure.self) { try registry.remove("kobo") }
        // A device of the same name later is another device, with another password.
        let (_, again) = try registry.add("kobo")
        #expect(again != password)
        #expect(try registry.signIn(user: "kobo", password: password) == nil)
    }

    /// Year tags: one per year a book was finished in, named by the prefix, with that year's
    /// books only, beside the shelves' tags.
    @Test func aSyncPlansATagPerShelfAndPerYear() throws {
        func book(_ key: String, _ read: String?) -> ImportedBook {
            var book = ImportedBook(key: key, title: key, shelves: [read == nil ? "currently-reading" : "read"])
            book.dateRead = read
            book.readDates = read.map { [$0] } ?? []
            return book
        }
        var selection = ExportSelection(format: .koreader, prefix: "koreader")
        selection.yearTags = true
        let plans = try selection.plans(for: [
            book("a", "2024-12-30"), book("b", "2025-03-01"), book("c", nil), book("d", "2025-01-02"),
        ])
        #expect(
            plans.map(\.name.display) == [
                "koreader read", "koreader currently-reading", "koreader 2025", "koreader 2024",
            ])
        #expect(try plans[2].rows.all().map(\.key) == ["b", "d"])
        #expect(try plans[3].rows.all().map(\.key) == ["a"])
        #expect(plans[2].origin == .export(format: .koreader, shelf: nil, year: 2025))
        #expect(plans[2].yearContext?.previous != nil)
        // Without it, the shelves only, as before.
        #expect(
            try ExportSelection(format: .koreader, prefix: "koreader").plans(for: [book("a", "2025-01-01")]).count == 1)
    }
}
