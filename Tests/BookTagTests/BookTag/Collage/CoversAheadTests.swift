import Foundation
import Testing

@testable import BookTag

/// A banded collage draws its covers ahead of the bands that show them, spread evenly, so that a
/// band reaching a new row of covers does not decode the whole row while the encoder waits (and
/// the bands between rows leave a core idle). `CollageBandTests` shows the image is the same.
@Suite struct CoversAheadTests {
    /// 100 covers on 4k in bands of 1 MiB, as `booktag collage` draws a tag of a hundred books,
    /// every tenth without an image.
    static func hundredOn4k() throws -> (frames: [CollagePlan.Rect], drawable: [Bool], bands: [Range<Int>]) {
        let planner = CollagePlanner(
            size: try CollageSize(parsing: "4k"), columns: nil, layout: .grid, fit: .cover, labelLines: 0,
            showsTitle: true)
        let plan = try planner.plan(aspects: Array(repeating: 2.0 / 3.0, count: 100))
        let bands = CollageRenderer.bands(of: plan, rows: CollageRenderer.defaultBandBytes / (4 * plan.width))
        return (plan.cells.map(\.frame), (0..<100).map { $0 % 10 != 3 }, bands)
    }

    @Test func eachCoverIsDrawnOnceBeforeItsFirstBandAndNoFurtherThanARowAhead() throws {
        let (frames, drawable, bands) = try Self.hundredOn4k()
        let schedule = CoversAhead(frames: frames, drawable: drawable, bands: bands).schedule
        #expect(schedule.count == bands.count)
        let ahead = schedule.flatMap { $0 }
        #expect(Set(ahead).count == ahead.count, "no cover is drawn ahead twice")
        #expect(ahead.allSatisfy { drawable[$0] }, "a cover without an image is a tile, drawn where it is shown")
        let tallest = frames.map(\.height).max() ?? 0
        for (index, covers) in schedule.enumerated() {
            for cover in covers {
                #expect(frames[cover].y >= bands[index].upperBound, "cover \(cover) is drawn before any band shows it")
                #expect(frames[cover].y < bands[index].upperBound + tallest, "cover \(cover) is at most a row ahead")
            }
        }
    }

    /// Without drawing ahead, the band that first shows a row of covers decodes all of it (17
    /// here); drawn ahead, no band decodes half as many.
    @Test func theDecodingIsSpreadOverTheBands() throws {
        let (frames, drawable, bands) = try Self.hundredOn4k()
        let schedule = CoversAhead(frames: frames, drawable: drawable, bands: bands).schedule
        var drawn = Set<Int>()
        var most = 0
        var mostWithout = 0
        var shownBefore = Set<Int>()
        for (index, band) in bands.enumerated() {
            let shown = Set(frames.indices.filter { drawable[$0] && frames[$0].y < band.upperBound })
            let firstShown = shown.subtracting(shownBefore)
            shownBefore = shown
            let decoded = firstShown.subtracting(drawn).count + schedule[index].count
            drawn.formUnion(shown)
            drawn.formUnion(schedule[index])
            most = max(most, decoded)
            mostWithout = max(mostWithout, firstShown.count)
        }
        #expect(drawn.count == drawable.filter { $0 }.count)
        #expect(mostWithout >= 14, "a row of covers is first shown by one band")
        #expect(most < mostWithout / 2, "drawn ahead, a band decodes at most \(most) covers")
    }

    @Test func oneBandDrawsNothingAhead() throws {
        let (frames, drawable, _) = try Self.hundredOn4k()
        #expect(CoversAhead(frames: frames, drawable: drawable, bands: [0..<2160]).schedule == [[]])
    }
}
