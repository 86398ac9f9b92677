import Foundation
import Testing

/// `booktag devices` as a reader runs it: the password printed once and in no file of the home,
/// the list, the refusals in one line each, and removal.
@Suite struct DevicesCommandTests {
    @Test func aDeviceIsAddedListedAndRemovedItsPasswordShownOnce() async throws {
        let home = try TemporaryHome()
        let path = home.folder.path
        let added = try await BooktagProcess.run(["devices", "add", "kobo", "--json", "--home", path])
        #expect(added.status == 0, "\(added.errors)")
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(added.output.utf8)) as? [String: String])
        #expect(answer.keys.sorted() == ["name", "password"] && answer["name"] == "kobo")
        let password = try #require(answer["password"])
        #expect(password.range(of: "^[a-z2-9]{4}(-[a-z2-9]{4}){3}$", options: .regularExpression) != nil)

        let text = try await BooktagProcess.run(["devices", "add", "boox", "--home", path])
        #expect(text.status == 0 && text.output.contains("user name: boox") && text.output.contains("password: "))
        #expect(text.errors.contains("shown this once"))

        let listed = try await BooktagProcess.run(["devices", "list", "--home", path])
        #expect(listed.output.contains("boox") && listed.output.contains("kobo") && listed.output.contains("never"))
        #expect(!listed.output.contains(password))
        let json = try await BooktagProcess.run(["devices", "list", "--json", "--home", path])
        let devices = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        #expect(
            devices.map { $0["name"] as? String } == ["boox", "kobo"] && devices.allSatisfy { $0["password"] == nil })

        // The password is in no file of the home: not the store, its log, or anything else.
        let enumerator = try #require(FileManager.default.enumerator(at: home.folder, includingPropertiesForKeys: nil))
        for case let file as URL in enumerator where !file.hasDirectoryPath {
            let bytes = (try? Data(contentsOf: file)) ?? Data()
            #expect(bytes.range(of: Data(password.utf8)) == nil, "\(file.lastPathComponent) holds the password")
        }

        let twice = try await BooktagProcess.run(["devices", "add", "KOBO", "--home", path])
        #expect(
            twice.status != 0 && twice.errors.hasPrefix("error: a device named")
                && twice.errors.split(separator: "\n").count == 1)
        let badName = try await BooktagProcess.run(["devices", "add", "my kobo", "--home", path])
        #expect(badName.status != 0 && badName.errors.hasPrefix("error: a device's name is"))

        let removed = try await BooktagProcess.run(["devices", "remove", "kobo", "--home", path])
        #expect(removed.status == 0, "\(removed.errors)")
        let unknown = try await BooktagProcess.run(["devices", "remove", "kobo", "--home", path])
        #expect(unknown.status != 0 && unknown.errors.hasPrefix("error: no device is named kobo"))
        let after = try await BooktagProcess.run(["devices", "list", "--json", "--home", path])
        #expect(after.output.contains("boox") && !after.output.contains("kobo"))
    }
}
