import BookTag
import Foundation
import Hummingbird

/// What a phone needs to add booktag to its home screen: the web app manifest (its colours
/// those of the reader's day or night preference) and the icons, drawn once by the collage code.
/// They pass the same checks as every request: the token's cookie carries over.
struct InstallController: Sendable {
    let workspace: Workspace

    /// The icons a page and the manifest name: path, size, whether maskable.
    static let icons: [(path: String, size: Int, maskable: Bool)] = [
        ("/icons/icon-192.png", 192, false), ("/icons/icon-512.png", 512, false),
        ("/icons/maskable-512.png", 512, true),
        ("/icons/apple-touch-icon.png", 180, true),
    ]

    /// Drawn at first use and kept.
    private static let drawn: [String: Data] = {
        var result: [String: Data] = [:]
        for icon in icons { result[icon.path] = try? AppIcon.png(size: icon.size, maskable: icon.maskable) }
        return result
    }()

    func addRoutes(to router: RouterGroup<ServeContext>) {
        router.get("/manifest.webmanifest", use: manifest)
        for icon in Self.icons {
            router.get(RouterPath(icon.path)) { _, _ in
                guard let data = Self.drawn[icon.path] else {
                    throw ServeError(.internalServerError, "the icon could not be drawn")
                }
                return ImmutableFile(
                    bytes: ByteBuffer(bytes: data), type: "image/png",
                    etag: ServeAssets.etag(BookTagVersion.current + icon.path))
            }
        }
    }

    struct Manifest: Encodable {
        struct Icon: Encodable {
            var src: String
            var sizes: String
            var type = "image/png"
            var purpose: String
        }
        var name = "booktag"
        var shortName = "booktag"
        var description = "Your tags and your year in books, as walls of covers"
        /// The app's root, under the proxy's prefix: a phone opens it, and keeps to it.
        var id: String
        var startURL: String
        var scope: String
        var display = "standalone"
        var backgroundColor: String
        var themeColor: String
        var icons: [Icon]

        /// The manifest's own names.
        enum CodingKeys: String, CodingKey {
            case name, description, id, scope, display, icons
            case shortName = "short_name"
            case startURL = "start_url"
            case backgroundColor = "background_color"
            case themeColor = "theme_color"
        }
    }

    @Sendable func manifest(_ request: Request, context: ServeContext) throws -> JSONAnswer {
        let theme = CollageTheme.forNightMode(workspace.nightMode)
        let address = context.publicAddress
        let root = address.path("/")
        let manifest = Manifest(
            id: root, startURL: root, scope: root, backgroundColor: theme.background.hex,
            themeColor: theme.background.hex,
            icons: Self.icons.filter { $0.path != "/icons/apple-touch-icon.png" }.map {
                Manifest.Icon(
                    src: address.path($0.path), sizes: "\($0.size)x\($0.size)",
                    purpose: $0.maskable ? "maskable" : "any")
            })
        var answer = JSONAnswer(manifest)
        answer.contentType = "application/manifest+json"
        return answer
    }
}
