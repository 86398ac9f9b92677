import Foundation

/// The two entry points of the `BookTagHTTP` library, found in this process when it is linked
/// in (tests, benchmarks) or loaded from beside the executable on first use.
struct HTTPLibrary: @unchecked Sendable {
    typealias Completion = @convention(c) (
        UnsafeMutableRawPointer?, Int32, Int32, UnsafePointer<CChar>?, UnsafePointer<UInt8>?, Int, UnsafePointer<CChar>?
    ) -> Void
    typealias Get = @convention(c) (
        UnsafePointer<CChar>, Double, Int, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Completion
    ) -> Int
    typealias Cancel = @convention(c) (Int) -> Void
    typealias Prepare = @convention(c) (UnsafePointer<CChar>) -> Void

    let get: Get
    let cancel: Cancel
    let prepare: Prepare

    static let fileName = "libBookTagHTTP.so"

    private static let loaded: Result<HTTPLibrary, FetchError> = {
        if let library = bind(UnsafeMutableRawPointer(bitPattern: 0)) {  // RTLD_DEFAULT
            return .success(library)
        }
        for path in candidates() {
            if let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL), let library = bind(handle) {
                return .success(library)
            }
        }
        return .failure(.other("booktag's network library (\(fileName)) is missing; put it beside the booktag executable, or reinstall"))
    }()

    static func load() throws(FetchError) -> HTTPLibrary {
        try loaded.get()
    }

    private static func bind(_ handle: UnsafeMutableRawPointer?) -> HTTPLibrary? {
        guard let get = dlsym(handle, "booktag_http_get"), let cancel = dlsym(handle, "booktag_http_cancel"),
            let prepare = dlsym(handle, "booktag_http_prepare")
        else { return nil }
        return HTTPLibrary(get: unsafeBitCast(get, to: Get.self), cancel: unsafeBitCast(cancel, to: Cancel.self),
                           prepare: unsafeBitCast(prepare, to: Prepare.self))
    }

    /// `$BOOKTAG_HTTP_LIBRARY`, then beside the executable, then `../lib/booktag/` (installed).
    private static func candidates() -> [String] {
        var paths: [String] = []
        if let explicit = ProcessInfo.processInfo.environment["BOOKTAG_HTTP_LIBRARY"], !explicit.isEmpty {
            paths.append(explicit)
        }
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            let folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
            paths.append(folder.appendingPathComponent(fileName).path)
            paths.append(folder.deletingLastPathComponent().appendingPathComponent("lib/booktag/\(fileName)").path)
        }
        return paths
    }
}
