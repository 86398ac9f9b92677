import Foundation
import Testing

@testable import BookTag

@Suite struct PreferencesTests {
    @Test func missingFileMeansDefaultsWithoutAWarning() throws {
        let temporary = try TemporaryHome()
        let (preferences, warning) = PreferencesStore(home: temporary.home).load()
        #expect(preferences == Preferences() && !preferences.nightMode && warning == nil)
    }

    @Test func savedPreferencesPersistAndAreUserOnly() throws {
        let temporary = try TemporaryHome()
        let store = PreferencesStore(home: temporary.home)
        try store.save(Preferences(nightMode: true))
        #expect(PreferencesStore(home: temporary.home).load().preferences.nightMode)
        let mode = try FileManager.default.attributesOfItem(atPath: store.file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test(arguments: ["{\"nightMode\": tru", "", "[1,2]", "{\"nightMode\": \"yes\"}", "\u{FF}\u{FE}"])
    func corruptFileMeansDefaultsAndAWarning(content: String) throws {
        let temporary = try TemporaryHome()
        let store = PreferencesStore(home: temporary.home)
        try Data(content.utf8).write(to: store.file)
        let (preferences, warning) = store.load()
        #expect(preferences == Preferences())
        #expect(warning?.contains("preferences.json") == true)
        try store.save(Preferences(nightMode: true))
        #expect(store.load() == (Preferences(nightMode: true), nil))
    }

    @Test func unknownAndMissingKeysAreTolerated() throws {
        let temporary = try TemporaryHome()
        let store = PreferencesStore(home: temporary.home)
        try Data(#"{"futurePreference": 3}"#.utf8).write(to: store.file)
        #expect(store.load() == (Preferences(), nil))
    }
}
