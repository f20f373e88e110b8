/// An option that may be given several times (`--null None --null N/A`), read into every value in order.
package struct RepeatedOption<Value>: OptionDeclaration {
    package let option: Option<Value>

    init(_ option: Option<Value>) {
        self.option = option
    }

    package var specs: [OptionSpec] {
        var spec = option.spec
        spec.isRepeatable = true
        return [spec]
    }

    package func read(from arguments: ParsedArguments) throws -> [Value] {
        try arguments.entries(named: option.spec.name).map(option.value(of:))
    }
}
