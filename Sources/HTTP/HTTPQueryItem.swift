/// One parameter of a request's query, decoded.
public struct HTTPQueryItem: Sendable, Equatable, CustomStringConvertible {
    public let name: String
    public let value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    public var description: String { "\(name)=\(value)" }
}
