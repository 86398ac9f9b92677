/// The version booktag reports (`--version`, and later its User-Agent).
public enum BookTagVersion {
    public static let current = "0.1.0"
}
