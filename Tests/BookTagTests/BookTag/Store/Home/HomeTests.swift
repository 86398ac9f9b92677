import Foundation
import Testing

@testable import BookTag

@Suite struct HomeTests {
    @Test func explicitHomeHoldsEverything() {
        let home = BookTagHome.resolve(
            explicit: "/tmp/x", environment: ["BOOKTAG_HOME": "/tmp/ignored", "HOME": "/home/u"])
        #expect(home.configFile.path == "/tmp/x/config.json")
        #expect(home.preferencesFile.path == "/tmp/x/preferences.json")
        #expect(home.databaseFile.path == "/tmp/x/booktag.sqlite")
        #expect(home.coversFolder.path == "/tmp/x/covers")
        #expect(home.collagesFolder.path == "/tmp/x/collages")
    }

    @Test func environmentHome() {
        let home = BookTagHome.resolve(environment: ["BOOKTAG_HOME": "/srv/books", "HOME": "/home/u"])
        #expect(home.configFolder.path == "/srv/books" && home.dataFolder.path == "/srv/books")
    }

    @Test func xdgFoldersAndTheirDefaults() {
        let xdg = BookTagHome.resolve(environment: ["HOME": "/home/u", "XDG_CONFIG_HOME": "/c", "XDG_DATA_HOME": "/d"])
        #expect(xdg.configFolder.path == "/c/booktag" && xdg.dataFolder.path == "/d/booktag")
        let defaults = BookTagHome.resolve(environment: ["HOME": "/home/u", "XDG_DATA_HOME": "relative/ignored"])
        #expect(defaults.configFolder.path == "/home/u/.config/booktag")
        #expect(defaults.dataFolder.path == "/home/u/.local/share/booktag")
    }

    /// A home's folders are standardized as Foundation would, whether or not Foundation is asked:
    /// a plain absolute path skips it, anything with dots, doubled slashes or a relative start
    /// goes through it.
    @Test func foldersAreStandardizedAsFoundationWould() {
        let paths = [
            "/tmp/x", "/tmp/x/", "/tmp/a b/日本", "/", "/tmp/./x", "/tmp/../x", "/tmp//x", "relative/x", "./x", "../x",
            "/tmp/x.", "/tmp/.hidden", "/tmp/..x", "/tmp/x/..", "/tmp/x/.", "/home/u/.local/share/booktag", "/tmp/%41",
        ]
        for path in paths {
            for isDirectory in [true, false] {
                let url = URL(fileURLWithPath: path, isDirectory: isDirectory)
                let standardized = BookTagHome.standardized(url)
                #expect(standardized == url.standardizedFileURL, "\(path)")
                #expect(standardized.absoluteString == url.standardizedFileURL.absoluteString, "\(path)")
                #expect(standardized.path == url.standardizedFileURL.path, "\(path)")
            }
        }
        #expect(BookTagHome(folder: URL(fileURLWithPath: "/tmp/x/../y")).databaseFile.path == "/tmp/y/booktag.sqlite")
    }
}
