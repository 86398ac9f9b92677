/// Whole numbers as people read them in booktag's output: 14023 as "14,023", with a comma
/// whatever the locale, like the decimal point of the ratings beside them (and without loading
/// ICU's number formatter for it).
public enum GroupedNumber {
    /// `14023` as `14,023`.
    public static func text(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = value < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return grouped
    }
}
