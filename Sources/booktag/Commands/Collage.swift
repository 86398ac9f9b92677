import ArgumentParser
import BookTag
import Foundation

extension BookTagCommand {
    /// Renders a tag's collage (or every tag's) again from the store, with no network; a print
    /// first asks for the covers' largest forms.
    struct Collage: AsyncParsableCommand {
        package static let configuration = CommandConfiguration(
            commandName: "collage",
            abstract: "Render a tag's collage (or every tag's) again from the store, or a PDF to print.",
            discussion: """
                Writes collages/<tag>.png (or .jpg, .html) in booktag's data folder unless --output \
                names another file, and prints the file's path. With --all, every tag's collage; \
                with --all --format html, also collages/index.html, a gallery of the tags. Night \
                mode (booktag night) gives the dark theme. Every option left out comes from \
                config.json (collage.size, collage.fit, ...). With --print, covers Open Library \
                keeps larger are fetched once (through the throttle) and kept, unless --offline.

                Examples:
                  booktag collage fantasy
                  booktag collage fantasy --size wallpaper --fit cover
                  booktag collage fantasy --size phone --layout rows
                  booktag collage "read 2025" --size a4 --labels title,author,rating --title "My 2025"
                  booktag collage fantasy --format html --embed
                  booktag collage --all --format html
                  booktag collage "read 2025" --stats --print 60x90cm
                """
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The tag (or --all).")
        var tag: String?

        @Flag(help: "Every tag's collage; with --format html, also the gallery collages/index.html.")
        var all = false

        @OptionGroup(title: "Look") var style: CollageStyleOptions

        @OptionGroup(title: "Print") var printing: PrintArguments

        @Option(
            help: ArgumentHelp("Write here instead of the collages folder.", valueName: "file"), completion: .file())
        var output: String?

        @Flag(help: "With --format html: put the covers inside the page as data URLs.")
        var embed = false

        @Flag(help: "Print one JSON document.") var json = false

        func validate() throws {
            if all == (tag != nil) {
                throw ValidationError(all ? "give a tag or --all, not both" : "name a tag, or --all for every tag")
            }
            if all, output != nil { throw ValidationError("--output names one file: it goes with one tag, not --all") }
            if printing.paper != nil {
                if all { throw ValidationError("--print makes one tag's poster, not --all") }
                if style.size != nil { throw ValidationError("--print sets the size from the paper: leave out --size") }
                if style.format == .html { throw ValidationError("--print writes a PDF, PNG or JPEG, not HTML") }
                if embed { throw ValidationError("--embed goes with --format html, not --print") }
            }
        }

        func run() async throws {
            var timeline = Timeline()
            timeline.mark("parsing")
            let session = Session(global)
            let configuration = try session.configuration()
            let options = try style.resolve(configuration, nightMode: session.preferences.nightMode)
            if embed, options.format != .html { throw CommandFailure(.usage, "--embed goes with --format html") }
            if options.format != .html {
                CollageRenderer.prepareText(fontCacheFolder: CollageMaker.fontCacheFolder(in: session.home))
            }
            timeline.mark("preferences and config")
            let store = try session.openStore()
            timeline.mark("store")
            let maker = CollageMaker(store: store)
            guard let tag else { return try renderAll(maker, options: options, session: session) }
            let name = try TagName(tag)
            if let print = try printing.resolve() {
                let originals =
                    printing.offline
                    ? FetchLargestCovers.Outcome()
                    : try await fetchLargestCovers(of: name, store: store, session: session)
                return try makePrint(
                    maker, tag: name, options: options, print: print, originals: originals, session: session)
            }
            let result = try maker.make(
                tag: name, options: options, output: output.map { URL(fileURLWithPath: $0) }, embedImages: embed)
            timeline.mark("collage")
            if let timings = result.timings { session.reporter.detail("collage: \(timings.summary)") }
            session.reporter.detail("timing: \(timeline.summary)")
            session.reporter.warnMissingGlyphs(result.missingGlyphs)
            if json { return try JSONOutput.print(Written(tag: tag, file: result.file.path, style: result.style)) }
            print(result.file.path)
        }

        /// Before a print: the largest covers not asked for yet, with a progress line and Ctrl-C.
        private func fetchLargestCovers(of name: TagName, store: BookStore, session: Session) async throws
            -> FetchLargestCovers.Outcome
        {
            let fetch = FetchLargestCovers(workspace: session.workspace, store: store)
            let reporter = session.reporter
            let outcome = try await AsyncRun.run { try await fetch.run(name, progress: reporter.handle) }
            reporter.endProgress()
            guard outcome.asked > 0 else { return outcome }
            reporter.note(
                "asked Open Library for \(outcome.asked) original cover\(outcome.asked == 1 ? "" : "s"):"
                    + " \(outcome.kept) larger, kept for print")
            if let why = outcome.firstFailure {
                let stopped = outcome.notAsked > 0 ? ", and \(outcome.notAsked) more not asked" : ""
                reporter.warn(
                    "\(outcome.failed) could not be fetched (first: \(why))\(stopped); they print at the size stored,"
                        + " and the next print asks again")
            }
            return outcome
        }

        /// `--print`: the file, then how sharp its covers will print.
        private func makePrint(
            _ maker: CollageMaker, tag name: TagName, options: CollageOptions, print: PrintOptions,
            originals: FetchLargestCovers.Outcome, session: Session
        ) throws {
            // Only a format given here makes an image; collage.format in config.json is for screens.
            let format = style.format.flatMap { $0 == .html ? nil : $0.imageFormat }
            let result = try maker.makePrint(
                tag: name, options: options, print: print, format: format,
                output: output.map { URL(fileURLWithPath: $0) })
            session.reporter.warnMissingGlyphs(result.missingGlyphs)
            let sharpness = result.sharpness
            if let lowest = sharpness.lowest, let median = sharpness.median {
                session.reporter.note(
                    "covers print at \(lowest)–\(sharpness.pixelsPerInch.max() ?? lowest) ppi on \(print.fileSuffix)"
                        + " (median \(median))")
                if sharpness.soft > 0 {
                    let covers = sharpness.soft == 1 ? "1 cover prints" : "\(sharpness.soft) covers print"
                    session.reporter.warn(
                        "\(covers) under \(PrintOptions.sharpPixelsPerInch) ppi and will look soft; a smaller paper"
                            + " or more covers makes them sharper")
                }
            }
            if json {
                return try JSONOutput.print(
                    PrintSummary(tag: tag ?? "", file: result.file.path, result: result, originals: originals))
            }
            Swift.print(result.file.path)
        }

        struct Written: Encodable {
            let tag: String
            let file: String
            let style: CollageStyle
        }

        struct All: Encodable {
            let collages: [Written]
            let failed: [String: String]
            let gallery: String?
        }

        private func renderAll(_ maker: CollageMaker, options: CollageOptions, session: Session) throws {
            let (collages, gallery) = try maker.makeAll(options: options)
            guard !collages.isEmpty else {
                throw CommandFailure(.notFound, "no tags yet: 'booktag add fantasy' makes one")
            }
            var written: [Written] = []
            var failed: [String: String] = [:]
            for collage in collages {
                switch collage.result {
                case .success(let result):
                    session.reporter.warnMissingGlyphs(result.missingGlyphs)
                    written.append(Written(tag: collage.tag, file: result.file.path, style: result.style))
                case .failure(let error):
                    failed[collage.tag] = CommandFailure.classify(error).message
                    session.reporter.warn(
                        "\"\(Terminal.safe(collage.tag))\": \(CommandFailure.classify(error).message)")
                }
            }
            if json {
                try JSONOutput.print(All(collages: written, failed: failed, gallery: gallery?.path))
            } else {
                for collage in written { print(collage.file) }
                if let gallery { print(gallery.path) }
            }
            if written.isEmpty { throw CommandFailure(.data, "no collage could be made") }
        }
    }
}
