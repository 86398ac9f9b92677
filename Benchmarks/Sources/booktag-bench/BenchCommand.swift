import ArgumentParser
import BookTag

/// `booktag-bench`: release-mode measurements, one subcommand per area.
@main
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "booktag-bench",
        abstract: "Measure booktag against its alternatives (build with -c release).",
        subcommands: [
            XMLBench.self, XMLPeakMemory.self, JSONBench.self, DecodePeak.self, StoreBench.self, GatherBench.self,
            ImportBench.self, ShelfBench.self, CollageBench.self, ServeLoad.self, UploadBench.self, StatsBench.self,
            LibraryBench.self, CalibreBench.self, LibraryChild.self, PrintBench.self,
        ]
    )
}

extension SourceKind: ExpressibleByArgument {}
