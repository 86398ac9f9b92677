import BookTag
import Foundation

extension TagJobs {
    /// What a finished print job hands back (`/api/jobs/{id}`'s `result`): the file to fetch
    /// from `/api/prints/{file}`, and how sharp its covers will print.
    struct PrintMade: Codable {
        var tag: String
        var file: String
        var paper: String
        var landscape: Bool
        var lowestPPI: Int?
        var medianPPI: Int?
        var softCovers: Int
        /// Covers whose original Open Library was asked for, and of those, kept larger.
        var originalsAsked: Int
        var originalsKept: Int
    }

    /// A print as a job: the covers' originals fetched as `collage --print` does (through the
    /// throttle, with progress), then the PDF drawn on the render pool into the cache.
    func print(_ name: TagName, collage asked: CollageRequest, print printing: PrintOptions) throws -> String {
        let tag = try store.existingTag(name)
        let (workspace, store, work) = (workspace, store, work)
        return try start("print", name) { report in
            let configuration = try workspace.configuration()
            let options = try asked.resolve(configuration, nightMode: workspace.nightMode)
            let progress = PrintJobProgress(report: report)
            let fetched = try await FetchLargestCovers(workspace: workspace, store: store)
                .run(name, progress: progress.handle)
            progress.drawing(printing)
            let prints = ServePrints(home: store.home)
            let made = try await work.render {
                let (file, url) = try prints.newFile(for: printing)
                let result = try CollageMaker(store: store, renderer: workspace.limits.collageRenderer).makePrint(
                    tag: name, options: options, print: printing, format: nil, output: url)
                return PrintMade(
                    tag: tag.name, file: file, paper: printing.paper.name, landscape: printing.landscape,
                    lowestPPI: result.sharpness.lowest, medianPPI: result.sharpness.median,
                    softCovers: result.sharpness.soft, originalsAsked: fetched.asked, originalsKept: fetched.kept)
            }
            return JSONFragment(made)
        }
    }
}
