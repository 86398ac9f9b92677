/// `remove`: a tag deleted with its books, the cover files no other book uses, and its collages.
public struct RemoveTag: Sendable {
    /// The home's store.
    public let store: BookStore

    /// The use case over `store`.
    public init(store: BookStore) {
        self.store = store
    }

    /// Removes `name`; answers its name as it was spelt.
    public func run(_ name: TagName, nightMode: Bool) throws -> String {
        let display = try store.existingTag(name).name
        try store.removeTag(name)
        CollageMaker(store: store).removeCollages(forKey: name.key, theme: .forNightMode(nightMode))
        return display
    }
}
