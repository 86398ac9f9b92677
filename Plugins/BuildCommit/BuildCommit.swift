import Foundation
import PackagePlugin

/// Writes `BuildCommit.swift` for the booktag executable: the commit it is built from (with
/// `+changes` when the work tree differs from it), so `booktag --version` names it however
/// booktag was built (`swift run`, `swift build`, `make install`, the release archive). Outside
/// a git checkout the commit is `unknown`. The file is rewritten only when its text changes, so
/// an unchanged tree rebuilds nothing.
@main
struct BuildCommit: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.pluginWorkDirectoryURL.appending(path: "generated")
        let script = #"""
            mkdir -p "$(dirname "$2")"
            commit=$(git -C "$1" rev-parse --short=12 HEAD 2>/dev/null) || commit=unknown
            if [ "$commit" != unknown ] && [ -n "$(git -C "$1" status --porcelain --untracked-files=no 2>/dev/null)" ]; then
                commit="$commit+changes"
            fi
            printf '/// The commit this booktag was built from (see Plugins/BuildCommit).\nlet buildCommit = "%s"\n' "$commit" > "$2.new"
            if cmp -s "$2.new" "$2"; then rm -f "$2.new"; else mv "$2.new" "$2"; fi
            """#
        return [
            .prebuildCommand(
                displayName: "Naming the commit booktag is built from",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [
                    "-c", script, "build-commit", context.package.directoryURL.path,
                    folder.appending(path: "BuildCommit.swift").path,
                ],
                outputFilesDirectory: folder
            )
        ]
    }
}
