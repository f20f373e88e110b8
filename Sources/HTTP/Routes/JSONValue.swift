import RosterFormats

/// A JSON value built in code, each object's members in the order written: what the API's document
/// (`OpenAPIDocument`) is made of, written out once with `rendered`.
indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Int)
    case string(String)
    case array([JSONValue])
    case object([Member])

    /// A member of an object.
    struct Member: Sendable, Equatable {
        let name: String
        let value: JSONValue
    }

    /// An object of `members`, leaving out those whose value is nil.
    static func object(_ members: [(String, JSONValue?)]) -> JSONValue {
        .object(members.compactMap { name, value in value.map { Member(name: name, value: $0) } })
    }

    /// The value as JSON text, indented by two spaces a level.
    var rendered: String {
        var text = ""
        write(to: &text, indent: "")
        return text
    }

    private func write(to text: inout String, indent: String) {
        let inner = indent + "  "
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .number(let value): text += String(value)
        case .string(let value): text += JSONText.quoted(value)
        case .array(let values):
            guard !values.isEmpty else { return text += "[]" }
            text += "[\n"
            for (index, value) in values.enumerated() {
                text += inner
                value.write(to: &text, indent: inner)
                text += index == values.count - 1 ? "\n" : ",\n"
            }
            text += indent + "]"
        case .object(let members):
            guard !members.isEmpty else { return text += "{}" }
            text += "{\n"
            for (index, member) in members.enumerated() {
                text += inner + JSONText.quoted(member.name) + ": "
                member.value.write(to: &text, indent: inner)
                text += index == members.count - 1 ? "\n" : ",\n"
            }
            text += indent + "}"
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    init(stringLiteral value: String) { self = .string(value) }
    init(integerLiteral value: Int) { self = .number(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// In the order written, unlike a dictionary's.
    init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(elements.map { Member(name: $0.0, value: $0.1) })
    }
}
