extension String {
    /// The string made safe as HTML text or as a double-quoted attribute value.
    public var htmlEscaped: String {
        guard contains(where: { $0 == "&" || $0 == "<" || $0 == ">" || $0 == "\"" || $0 == "'" }) else {
            return self
        }
        var result = ""
        result.reserveCapacity(utf8.count + 16)
        for character in self {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
