/// An option that may be given several times (`--null None --null N/A`), read into every value in order.
public struct RepeatedOption<Value>: OptionDeclaration {
    public let option: Option<Value>

    init(_ option: Option<Value>) {
        self.option = option
    }

    public var specs: [OptionSpec] {
        var spec = option.spec
        spec.isRepeatable = true
        return [spec]
    }

    public func read(from arguments: ParsedArguments) throws -> [Value] {
        try arguments.entries(named: option.spec.name).map(option.value(of:))
    }
}
