import BookTag
import Foundation

/// Everything booktag says on stderr: notes, warnings, `--verbose` details and, on a terminal
/// only, one progress line rewritten in place. Safe to call from any task.
package final class Reporter: Sendable {
    enum Verbosity: Sendable { case quiet, normal, verbose }

    let verbosity: Verbosity
    let palette: Palette
    /// Progress is drawn only when stderr is a terminal (and not with --quiet).
    let showsProgress: Bool
    private let progressLine = Locked<String?>(nil)
    private let warnedAboutFonts = Locked(false)

    init(verbosity: Verbosity, nightMode: Bool = false) {
        self.verbosity = verbosity
        palette = Palette.forDescriptor(STDERR_FILENO, nightMode: nightMode)
        showsProgress = verbosity != .quiet && Terminal.isTerminal(STDERR_FILENO)
    }

    /// Something worth knowing that is not data (hidden by --quiet).
    func note(_ message: String) {
        guard verbosity != .quiet else { return }
        emit(message)
    }

    /// Text a collage drew as boxes: one warning a run, naming the font packages to install.
    func warnMissingGlyphs(_ missing: MissingGlyphs?) {
        guard let missing, !missing.characters.isEmpty || missing.textUnavailable != nil,
            warnedAboutFonts.withLock({ warned in
                defer { warned = true }
                return !warned
            })
        else { return }
        if let reason = missing.textUnavailable {
            return warn("the collage was drawn without its text: \(reason)")
        }
        let shown = missing.characters.prefix(8).map { String(format: "U+%04X", $0.value) }.joined(separator: " ")
        warn(
            "no installed font has glyphs for \(shown)\(missing.characters.count > 8 ? " …" : ""), drawn as boxes: install \(missing.packages.joined(separator: " "))"
        )
    }

    /// Always shown.
    package func warn(_ message: String) {
        emit("\(palette.paint("warning:", .warning)) \(message)")
    }

    /// Shown with --verbose only.
    func detail(_ message: @autoclosure () -> String) {
        guard verbosity == .verbose else { return }
        emit(palette.paint(message(), .muted))
    }

    /// What a progress stream says in words: notes, and with `--verbose` each request, wait,
    /// page and skipped result. The progress line itself is drawn by the command's display.
    @Sendable func handle(_ event: ProgressEvent) {
        switch event {
        case .note(let message): note(message)
        case .warning(let message): warn(message)
        case .request(let line): detail(line)
        case .waiting(let seconds, let interval):
            detail(String(format: "waiting %.2f s: API calls are at least %.1f s apart", seconds, interval))
        case .retrying(let seconds): detail(String(format: "retrying in %.1f s", seconds))
        case .gathering(.page(let number, let works, let withCovers, let totalPages)):
            detail("page \(number) of \(totalPages): \(works) results, \(withCovers) with cover images")
        case .gathering(.coverSkipped(let title, let reason)), .importing(.skipped(let title, let reason)):
            detail("skipped \"\(Terminal.safe(title))\": \(reason)")
        case .importing(.unreachable(let host, _)):
            warn(
                "cannot reach \(host): the books it would have found covers for get drawn ones; import again when online to fetch the real ones"
            )
        case .fetchingDetails(let book, let total): progress("details: \(book) of \(total) books without pages")
        case .fetchingLargestCover(let cover, let total): progress("covers for print: \(cover) of \(total)")
        case .gathering(.coverKept), .importing, .coverDownloaded: break
        }
    }

    /// Replaces the progress line (terminals only), cut to the terminal's width.
    func progress(_ line: String) {
        guard showsProgress else { return }
        let fitted = String(line.prefix(max(20, Terminal.errorWidth - 1)))
        progressLine.withLock { current in
            current = fitted
            write("\r\u{1B}[K" + palette.paint(fitted, .muted))
        }
    }

    /// Removes the progress line, before data is printed or the command ends.
    func endProgress() {
        guard showsProgress else { return }
        progressLine.withLock { current in
            if current != nil { write("\r\u{1B}[K") }
            current = nil
        }
    }

    /// A whole line, drawn above the progress line when there is one.
    private func emit(_ message: String) {
        progressLine.withLock { current in
            if let current, showsProgress {
                write("\r\u{1B}[K\(message)\n" + palette.paint(current, .muted))
            } else {
                write(message + "\n")
            }
        }
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
