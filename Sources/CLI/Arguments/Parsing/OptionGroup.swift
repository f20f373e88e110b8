/// Options declared together and read into one value: each part's reading is handed, typed and in order, to
/// `read`, whose parameters are therefore one per part (a parameter pack, with no per-count overloads).
package struct OptionGroup<Reading>: OptionDeclaration {
    package let specs: [OptionSpec]
    private let reader: @Sendable (ParsedArguments) throws -> Reading

    package init<each Part: OptionDeclaration>(
        _ parts: repeat each Part, read: @escaping @Sendable (repeat (each Part).Reading) throws -> Reading
    ) {
        var specs: [OptionSpec] = []
        for part in repeat each parts { specs += part.specs }
        self.specs = specs
        reader = { arguments in try read(repeat (each parts).read(from: arguments)) }
    }

    package func read(from arguments: ParsedArguments) throws -> Reading {
        try reader(arguments)
    }
}
