/// How much a process holds at once while it imports and draws: a command that runs and exits
/// may hold more than a server that imports and draws for several readers. A `Workspace`
/// carries them to every use case, so that nothing in the process is set globally.
public struct MemoryLimits: Sendable, Equatable {
    /// An import's downloads, staged covers and collage bands.
    public var importing: ExportImporter.Limits
    /// A collage whose canvas is at most this many bytes is drawn as one band
    /// (`CollageRenderer.wholeImageBytes`).
    public var wholeImageBytes: Int

    /// A command: an import's `ExportImporter.Limits.command`, collages up to 4 MiB whole.
    public static let command = MemoryLimits(importing: .command, wholeImageBytes: 4 << 20)
    /// `booktag serve`, which draws collages while it imports: every collage in bands, an import
    /// as `ExportImporter.Limits.server`.
    public static let server = MemoryLimits(importing: .server, wholeImageBytes: 0)

    /// A renderer that keeps to these limits.
    public var collageRenderer: CollageRenderer {
        var renderer = CollageRenderer()
        renderer.wholeImageBytes = wholeImageBytes
        return renderer
    }
}
