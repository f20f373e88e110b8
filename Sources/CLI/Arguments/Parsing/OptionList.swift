/// Like options made from a list (`edit`'s `--add-goals`, `--add-assists`), read into the list of their values.
/// A type of its own rather than a conformance of `Array`: a conditional conformance is checked at run time, by a
/// search of the program's whole table of conformances.
package struct OptionList<Value>: OptionDeclaration {
    package let options: [Option<Value>]

    package init(_ options: [Option<Value>]) {
        self.options = options
    }

    package var specs: [OptionSpec] { options.map { $0.spec } }

    package func read(from arguments: ParsedArguments) throws -> [Value?] {
        try options.map { try $0.read(from: arguments) }
    }
}
