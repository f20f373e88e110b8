/// One parameter of a request's query, decoded.
package struct HTTPQueryItem: Sendable, Equatable, CustomStringConvertible {
    package let name: String
    package let value: String

    package init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    package var description: String { "\(name)=\(value)" }
}
