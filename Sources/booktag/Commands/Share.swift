import ArgumentParser
import BookTag
import Foundation

extension BookTagCommand {
    /// A read-only link to a tag's year page, for a friend without the serve token.
    struct Share: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "share",
            abstract: "Make, list or revoke a read-only link to a tag for 'booktag serve'.",
            discussion: """
                Prints the path /s/KEY: at serve's address (http://HOST:PORT/s/KEY, or under its \
                base path), anyone holding it sees the tag's page read-only, with its poster, \
                numbers and covers, and nothing else of your home. A tag has one link; sharing it \
                again prints the same. --revoke ends it at once; sharing the tag after that makes \
                a new one.

                Examples:
                  booktag share "goodreads 2026"
                  booktag share "goodreads 2026" --revoke
                  booktag share --list
                """
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The tag to share.") var tag: String?
        @Flag(help: "End the tag's link.") var revoke = false
        @Flag(help: "List every link.") var list = false
        @Flag(help: "Print JSON.") var json = false

        func validate() throws {
            if list {
                guard tag == nil, !revoke else { throw ValidationError("--list takes no tag and no --revoke") }
            } else if tag == nil {
                throw ValidationError("name the tag to share, or --list the links")
            }
        }

        func run() throws {
            let session = Session(global)
            let links = ShareLinks(store: try session.openStore())
            if list {
                let all = try links.list()
                if json { return try JSONOutput.print(all.map(ShareLinkJSON.init)) }
                if all.isEmpty { return session.reporter.note("no links yet: 'booktag share TAG' makes one") }
                for link in all { print("\(link.path)  \(Terminal.safe(link.tag))") }
                return
            }
            let name = try TagName(tag ?? "")
            if revoke {
                guard try links.revoke(name) else {
                    throw CommandFailure(.notFound, "\"\(Terminal.safe(name.display))\" has no link")
                }
                if json { return try JSONOutput.print(RevokedJSON(tag: name.display, revoked: true)) }
                return session.reporter.note(
                    "revoked the link to \"\(Terminal.safe(name.display))\": it answers 404 now")
            }
            let (link, made) = try links.share(name, language: try session.configuration().language ?? .english)
            if json { return try JSONOutput.print(ShareLinkJSON(link)) }
            print(link.path)
            session.reporter.note(
                made
                    ? "anyone with this path at serve's address sees \"\(Terminal.safe(link.tag))\" read-only"
                    : "\"\(Terminal.safe(link.tag))\" was already shared at this path")
        }
    }
}

/// `share --revoke --json`.
struct RevokedJSON: Encodable {
    var tag: String
    var revoked: Bool
}

/// `share --json`: a link as `{"tag", "key", "path"}`.
struct ShareLinkJSON: Encodable {
    var tag: String
    var key: String
    var path: String

    init(_ link: ShareLink) {
        tag = link.tag
        key = link.key
        path = link.path
    }
}
