import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

/// The one throttle holds for the new sources too: processes sharing a home keep their requests
/// to Hardcover's host, and to a BookWyrm instance, the interval apart where the server receives
/// them (kernel stamps), as `NetworkTests` proves for Goodreads and Open Library.
@Suite(.serialized) struct ShelfThrottleTests {
    static func gaps(_ requests: [LoopbackServer.Request]) -> [Double] {
        let arrivals = requests.map(\.arrival).sorted()
        return zip(arrivals, arrivals.dropFirst()).map { $1 - $0 }
    }

    @Test func threeProcessesKeepTheIntervalAtHardcoverAndAtAnInstance() async throws {
        let hardcover = try SyntheticHardcover(count: 60)
        let wyrm = try SyntheticBookWyrm(count: 30)
        let openLibrary = try BookWyrmTests.openLibrary(for: wyrm)
        let home = try HardcoverTests.home(hardcover, openLibrary: openLibrary.baseURL)
        var config = try JSONSerialization.jsonObject(with: Data(contentsOf: home.home.configFile)) as! [String: Any]
        config["bookwyrm"] = ["minRequestInterval": 0.3]
        var hardcoverConfig = config["hardcover"] as! [String: Any]
        hardcoverConfig["minRequestInterval"] = 0.3
        config["hardcover"] = hardcoverConfig
        try JSONSerialization.data(withJSONObject: config).write(to: home.home.configFile)

        let runs = try await withThrowingTaskGroup(of: BooktagProcess.Run.self) { group in
            for (index, status) in ["read", "want-to-read", "read"].enumerated() {
                group.addTask {
                    try await HardcoverTests.booktag(
                        ["add", "hc \(index)", "--source", "hardcover", "--shelf", status, "--count", "all"], home: home
                    )
                }
                group.addTask {
                    try await BookWyrmTests.booktag(
                        ["add", "wyrm \(index)", "--source", "bookwyrm", "--shelf", wyrm.shelf(), "--count", "all"],
                        home: home)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(runs.allSatisfy { $0.status == 0 }, "\(runs.map(\.errors))")
        let atHardcover = hardcover.queries
        let atInstance = wyrm.instance.requests.filter { !$0.path.hasPrefix("/images/") }
        #expect(atHardcover.count >= 3 && atInstance.count >= 9)
        #expect(atHardcover.allSatisfy(\.stampedByKernel) && atInstance.allSatisfy(\.stampedByKernel))
        let smallest = (Self.gaps(atHardcover) + Self.gaps(atInstance)).min() ?? 0
        print(
            "FIGURE: shelf sources across 6 processes: \(atHardcover.count) Hardcover queries and \(atInstance.count) instance requests, smallest gap \(String(format: "%.4f", smallest)) s (interval 0.3 s)"
        )
        #expect(smallest >= 0.3)
    }
}
