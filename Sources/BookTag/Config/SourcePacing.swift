/// How often and how long a source is asked: every source's section of config.json has these two.
protocol SourcePacing {
    /// `minRequestInterval`: seconds between API requests to one host.
    var minimumRequestInterval: Double { get set }
    /// `timeout`: seconds to wait for an answer before a request fails.
    var timeout: Double { get set }
}

extension GoodreadsSettings: SourcePacing {}
extension OpenLibrarySettings: SourcePacing {}
extension HardcoverSettings: SourcePacing {}
extension BookWyrmSettings: SourcePacing {}
