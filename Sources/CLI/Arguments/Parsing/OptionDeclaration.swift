/// Options with the way their values are read: a `Flag`, an `Option`, or a group of them (the filters, a player's
/// fields). Naming one in a command's declaration is what makes the parser accept it, the help list it, "did you
/// mean" suggest it and the command receive its typed value; nothing else declares an option, so none can be shown
/// and not read, or read and not accepted.
package protocol OptionDeclaration: Sendable {
    /// What the command receives: a flag's `Bool`, an option's value (nil when not given), a group's value.
    associatedtype Reading
    /// The options, in the order the help lists them.
    var specs: [OptionSpec] { get }
    /// The typed value of what the command line gave; a value that cannot be read is a `UsageError`.
    func read(from arguments: ParsedArguments) throws -> Reading
}
