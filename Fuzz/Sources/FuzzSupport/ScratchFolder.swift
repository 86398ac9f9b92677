import Foundation

/// A temporary folder of this fuzzer process's own, for inputs that the code under test reads
/// from files (exports, a Calibre library, the config file); removed when the process exits.
public enum ScratchFolder {
    public static let url: URL = {
        let made = FileManager.default.temporaryDirectory.appendingPathComponent(
            "booktag-\(ProcessInfo.processInfo.processName)-\(getpid())")
        try? FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: ScratchFolder.url) }
        return made
    }()
}
