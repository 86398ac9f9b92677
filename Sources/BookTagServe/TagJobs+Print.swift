import BookTag
import Foundation

extension TagJobs {
    /// A print as a job: the covers' originals fetched as `collage --print` does (through the
    /// throttle, with progress), then the PDF drawn on the render pool into the cache. Its result
    /// is the library's `PrintSummary`, as `collage --print --json` prints it.
    func print(_ name: TagName, collage asked: CollageRequest, print printing: PrintOptions) throws -> String {
        let tag = try store.existingTag(name)
        let (workspace, store, work) = (workspace, store, work)
        return try start("print", name) { report in
            let configuration = try workspace.configuration()
            let options = try asked.resolve(configuration, nightMode: workspace.nightMode)
            let progress = JobProgress(printing: report, words: Words(options.language))
            let fetched = try await FetchLargestCovers(workspace: workspace, store: store)
                .run(name, progress: progress.handle)
            progress.drawing(printing)
            let prints = ServePrints(home: store.home)
            let made = try await work.render {
                let (file, url) = try prints.newFile(for: printing)
                let result = try CollageMaker(store: store, renderer: workspace.limits.collageRenderer).makePrint(
                    tag: name, options: options, print: printing, format: nil, output: url)
                // `file` is the name `/api/prints/{file}` serves it under.
                return PrintSummary(tag: tag.name, file: file, result: result, originals: fetched)
            }
            return JSONFragment(made)
        }
    }
}
