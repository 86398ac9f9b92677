import CLibXML2
import Synchronization

/// Process-wide libxml2 set-up that every parse goes through first.
///
/// libxml2 keeps a few global hooks. booktag replaces the external entity loader with one that
/// refuses every load, so no document, DTD or HTML fragment can ever make libxml2 open a file
/// or a URL, whatever options a caller passes.
enum LibXML2 {
    private static let refusedLoads = Atomic<Int>(0)

    /// Runs once, before the first parse: libxml2's own initialisation, then the loader that
    /// refuses every external load.
    private static let initialised: Bool = {
        xmlInitParser()
        xmlSetExternalEntityLoader { _, _, _ in
            LibXML2.refusedLoads.add(1, ordering: .relaxed)
            return nil
        }
        return true
    }()

    /// Runs the one-time set-up; free after the first call.
    static func ensureInitialised() {
        _ = initialised
    }

    /// How many times libxml2 asked to load an external resource and was refused.
    static var refusedLoadCount: Int {
        refusedLoads.load(ordering: .relaxed)
    }

    /// Routes libxml2's diagnostics on this thread to `handler` with `context` for the duration
    /// of `body`, then silences them again. libxml2 keeps this setting per thread.
    static func withStructuredErrors<T>(
        context: UnsafeMutableRawPointer?,
        handler: xmlStructuredErrorFunc,
        _ body: () throws -> T
    ) rethrows -> T {
        xmlSetStructuredErrorFunc(context, handler)
        defer { xmlSetStructuredErrorFunc(nil, { _, _ in }) }
        return try body()
    }
}

extension XMLDocument {
    /// How many external loads libxml2 attempted and booktag refused, process-wide.
    /// Tests use it to prove that hostile input never reaches the file system.
    public static var refusedExternalLoads: Int { LibXML2.refusedLoadCount }
}
