/// Where the time of one collage went: what `booktag -v collage` reports and the README's table
/// of a collage's parts is made from. Cover work runs on all cores, so `decoding` and `scaling`
/// (summed over covers) can add up to more than `drawing`, the wall time of that part.
public struct CollageTimings: Sendable, Equatable {
    /// Reading the cover files (to measure them, then each as it is drawn: summed over covers).
    public var reading: Duration = .zero
    /// Choosing the layout.
    public var planning: Duration = .zero
    /// Loading Pango, cairo and fontconfig and reading the font caches (on the text job's core).
    public var fontSetUp: Duration = .zero
    /// Shaping and laying the title, labels and credit over the canvas.
    public var text: Duration = .zero
    /// Decoding the covers.
    public var decoding: Duration = .zero
    /// Scaling covers into their cells.
    public var scaling: Duration = .zero
    /// The wall time of drawing: covers and text together, each on its own core.
    public var drawing: Duration = .zero
    /// Writing PNG or JPEG.
    public var encoding: Duration = .zero
    /// Writing the file into place.
    public var writing: Duration = .zero

    /// All zero.
    public init() {}

    /// "reading 0.3 ms, planning 0.0 ms, …" in the order the work happens.
    public var summary: String {
        let parts: [(String, Duration)] = [
            ("reading", reading), ("planning", planning), ("drawing", drawing), ("font set-up", fontSetUp),
            ("text", text),
            ("decoding", decoding), ("scaling", scaling), ("encoding", encoding), ("writing", writing),
        ]
        return parts.map { "\($0.0) \(Self.milliseconds($0.1))" }.joined(separator: ", ")
    }

    static func milliseconds(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        return String(format: "%.1f ms", value)
    }
}
