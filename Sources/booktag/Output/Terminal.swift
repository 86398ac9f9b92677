import BookTag
import Foundation

/// What the command knows about where its output goes.
enum Terminal {
    /// A terminal that can take escape sequences (not TERM=dumb).
    static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1 && ProcessEnvironment.value("TERM") != "dumb"
    }

    /// Colour only on a terminal, and never with NO_COLOR set (https://no-color.org).
    static func usesColor(for descriptor: Int32) -> Bool {
        isTerminal(descriptor) && (ProcessEnvironment.value("NO_COLOR") ?? "").isEmpty
    }

    /// The width of stdout's terminal in columns; $COLUMNS or 100 when stdout is not one.
    static var width: Int { width(of: STDOUT_FILENO) }

    /// The same for stderr, where progress goes.
    static var errorWidth: Int { width(of: STDERR_FILENO) }

    private static func width(of descriptor: Int32) -> Int {
        var size = winsize()
        if isatty(descriptor) == 1, ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 20 {
            return Int(size.ws_col)
        }
        if let columns = ProcessEnvironment.value("COLUMNS").flatMap(Int.init), columns > 20 {
            return columns
        }
        return 100
    }

    /// Text from the API made safe to print: control characters (terminal escapes) and bidi
    /// overrides removed; line breaks too unless they are kept, as in a description.
    static func safe(_ text: String, keepingLineBreaks: Bool = false) -> String {
        // Printable ASCII (most names) has nothing to remove: no Unicode tables needed.
        if DisplayWidth.isPrintableASCII(text) { return text }
        return String(
            String.UnicodeScalarView(
                text.unicodeScalars.filter {
                    ($0.properties.generalCategory != .control || (keepingLineBreaks && $0 == "\n"))
                        && !(0x202A...0x202E).contains($0.value) && !(0x2066...0x2069).contains($0.value)
                }))
    }
}
