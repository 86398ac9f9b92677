import BookTag
import Synchronization

/// The commands that read the store open it on another core while ArgumentParser reads the
/// arguments, rather than after: parsing takes about 2.5 ms (most of it the runtime looking up
/// conformances) and opening the store 1.2 ms, one after the other on one core before.
///
/// The home is read from the arguments as the parse will read it; only a store that is there and
/// up to date is opened so (`BookStore.openIfCurrent`: nothing is created, migrated or written),
/// and a command takes it only if its parsed home is the same. Any other case opens the store as
/// before, and reports its errors as before.
enum StorePreopening {
    /// The commands that open the store, memory-mapped, as one of their first steps.
    static let readers: Set<String> = [
        "list", "books", "show", "stats", "collage", "drop", "remove", "add", "reroll", "import",
    ]

    private struct Opening: Sendable {
        let home: BookTagHome
        let store: BackgroundValue<BookStore?>

        init(home: BookTagHome) {
            self.home = home
            store = BackgroundValue { (try? BookStore.openIfCurrent(home: home)) ?? nil }
        }
    }

    private static let opening = Mutex<Opening?>(nil)

    /// Starts opening the store of the home `arguments` name (the command line, its command first),
    /// when the command is one that reads it.
    static func start(arguments: [String]) {
        guard let command = arguments.first, readers.contains(command) else { return }
        var explicit: String?
        var index = 1
        while index < arguments.count, arguments[index] != "--" {
            let option = GlobalOptions.option(at: index, in: arguments)
            if option?.name == "--home" { explicit = option?.value }
            index += option?.width ?? 1
        }
        let started = Opening(home: GlobalOptions.home(explicit: explicit))
        opening.withLock { $0 = started }
    }

    /// The store opened for `home`, once it is open; `nil` when none was started, it is another
    /// home's, or it could not be opened so. Taken once.
    static func take(home: BookTagHome) -> BookStore? {
        guard
            let started = opening.withLock({ current in
                defer { current = nil }
                return current
            })
        else {
            return nil
        }
        let store = started.store.take() ?? nil
        return started.home == home ? store : nil
    }
}
