/// The version booktag reports (`--version` and its User-Agent); CHANGELOG.md says what each brought.
public enum BookTagVersion {
    public static let current = "0.6.0"
}
