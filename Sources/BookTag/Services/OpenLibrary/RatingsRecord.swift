/// `/works/OL…W/ratings.json`: readers' ratings of a work.
struct RatingsRecord: Decodable {
    var average: Double?
    var count: Int?

    private enum CodingKeys: String, CodingKey { case summary }
    private enum SummaryKeys: String, CodingKey { case average, count }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let summary = try? container.nestedContainer(keyedBy: SummaryKeys.self, forKey: .summary) else { return }
        average = summary.lenient(Double.self, forKey: .average)
        count = summary.lenient(Int.self, forKey: .count)
    }
}
