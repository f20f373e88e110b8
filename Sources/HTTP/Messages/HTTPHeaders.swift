/// The header fields of a request or a response, in order, looked up by name without regard to ASCII case.
///
/// A name may occur more than once (a request may repeat `Accept`); `subscript` gives the first value and
/// `values(named:)` all of them.
package struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    /// One header field.
    package struct Field: Sendable, Equatable {
        package var name: String
        package var value: String

        package init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The fields in the order they were received or added.
    package private(set) var fields: [Field]

    package init() {
        fields = []
    }

    package init(_ fields: [Field]) {
        self.fields = fields
    }

    package init(dictionaryLiteral elements: (String, String)...) {
        // Room for the few more a response gets on its way out (ETag, Cache-Control, nosniff…), so that adding them
        // does not copy the fields each time.
        fields = []
        fields.reserveCapacity(elements.count + 6)
        for (name, value) in elements { fields.append(Field(name: name, value: value)) }
    }

    package func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }

    package var isEmpty: Bool { fields.isEmpty }

    /// The value of the first field called `name` (any ASCII case); setting it replaces every field of that name
    /// with one at the place of the first, and `nil` removes them.
    package subscript(name: String) -> String? {
        get { fields.first { Self.namesMatch($0.name, name) }?.value }
        set {
            guard let index = fields.firstIndex(where: { Self.namesMatch($0.name, name) }) else {
                if let newValue { fields.append(Field(name: name, value: newValue)) }
                return
            }
            let kept = newValue.map { Field(name: fields[index].name, value: $0) }
            fields.removeAll { Self.namesMatch($0.name, name) }
            if let kept { fields.insert(kept, at: index) }
        }
    }

    /// The values of every field called `name`, in order.
    package func values(named name: String) -> [String] {
        fields.filter { Self.namesMatch($0.name, name) }.map(\.value)
    }

    /// Adds a field after the others, even when one of that name is already there.
    package mutating func add(_ name: String, _ value: String) {
        fields.append(Field(name: name, value: value))
    }

    // MARK: - Names

    /// Whether two field names are the same, ignoring ASCII case (RFC 9110 §5.1).
    package static func namesMatch(_ first: String, _ second: String) -> Bool {
        // Most names looked up differ in length, which a String knows without reading it.
        first.utf8.count == second.utf8.count
            && first.utf8.elementsEqual(second.utf8) { lowercased($0) == lowercased($1) }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }
}
