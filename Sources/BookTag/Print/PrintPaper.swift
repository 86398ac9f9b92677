/// A paper size a print shop sells, by the name readers type (`a2`, `60x90cm`, `18x24in`).
public struct PrintPaper: Sendable, Equatable {
    /// The name as typed.
    public let name: String
    /// The width in millimetres, portrait.
    public let widthMillimetres: Double
    /// The height in millimetres, portrait.
    public let heightMillimetres: Double

    /// Every paper booktag knows: ISO A sizes and the common poster frames.
    public static let all: [PrintPaper] = [
        PrintPaper(name: "a4", widthMillimetres: 210, heightMillimetres: 297),
        PrintPaper(name: "a3", widthMillimetres: 297, heightMillimetres: 420),
        PrintPaper(name: "a2", widthMillimetres: 420, heightMillimetres: 594),
        PrintPaper(name: "a1", widthMillimetres: 594, heightMillimetres: 841),
        PrintPaper(name: "50x70cm", widthMillimetres: 500, heightMillimetres: 700),
        PrintPaper(name: "60x90cm", widthMillimetres: 600, heightMillimetres: 900),
        PrintPaper(name: "18x24in", widthMillimetres: 18 * 25.4, heightMillimetres: 24 * 25.4),
        PrintPaper(name: "24x36in", widthMillimetres: 24 * 25.4, heightMillimetres: 36 * 25.4),
    ]

    /// The paper named `name` (any case, spaces ignored); `nil` when booktag knows none.
    public init?(named name: String) {
        let key = name.lowercased().filter { !$0.isWhitespace }.replacingOccurrences(of: "×", with: "x")
        guard let paper = Self.all.first(where: { $0.name == key }) else { return nil }
        self = paper
    }

    private init(name: String, widthMillimetres: Double, heightMillimetres: Double) {
        self.name = name
        self.widthMillimetres = widthMillimetres
        self.heightMillimetres = heightMillimetres
    }
}
