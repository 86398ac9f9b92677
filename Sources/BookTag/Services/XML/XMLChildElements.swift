import CLibXML2

/// The element children of an element, skipping text, comments and processing instructions.
public struct XMLChildElements: Sequence {
    let parent: XMLElement

    public struct Iterator: IteratorProtocol {
        let owner: XMLDocument?
        var upcoming: xmlNodePtr?

        public mutating func next() -> XMLElement? {
            while let candidate = upcoming {
                upcoming = candidate.pointee.next
                if candidate.pointee.type == XML_ELEMENT_NODE {
                    return XMLElement(owner: owner, node: candidate)
                }
            }
            return nil
        }
    }

    public func makeIterator() -> Iterator {
        Iterator(owner: parent.owner, upcoming: parent.node.pointee.children)
    }
}
