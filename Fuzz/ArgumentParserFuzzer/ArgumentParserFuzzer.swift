import RosterCLI

/// libFuzzer's entry point: the input as a command line (arguments separated by NUL or line feed), parsed with the
/// real command declarations as `CommandLineInterface.run` parses it, then read into the command it names, without
/// running it. Usage errors are expected, and their messages are written; a trap is a bug.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { UnsafeBufferPointer(start: $0, count: size) } ?? UnsafeBufferPointer(start: nil, count: 0)
    // Invalid UTF-8 is repaired, as `CommandLine.arguments` repairs it.
    var argv = bytes.split(separator: 0, omittingEmptySubsequences: false)
        .flatMap { $0.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) }
        .map { String(decoding: $0, as: UTF8.self) }
    if argv.count == 1 && argv[0].isEmpty { argv = [] }
    let parser = ArgumentParser(
        commands: CommandLineSpec.commands.map { $0.spec }, globalOptions: CommandLineSpec.globalOptions)
    // Help at the narrowest and widest widths the terminal allows, as input length picks.
    let help = HelpGenerator(width: size % 2 == 0 ? 60 : 120)
    do {
        if argv.first == "help" { argv = Array(argv.dropFirst()) + ["--help"] }
        _ = try? parser.findCommand(in: argv)
        let invocation = try parser.parse(argv)
        let parsed = invocation.arguments
        guard let command = CommandLineSpec.commands.first(where: { $0.spec.name == invocation.command?.name })
        else {
            if invocation.wantsHelp {
                _ = help.renderRoot(
                    commands: CommandLineSpec.commands.map { $0.spec },
                    globalOptions: CommandLineSpec.globalOptions)
            }
            return 0
        }
        if invocation.wantsHelp {
            _ = help.render(command.spec, globalOptions: CommandLineSpec.globalOptions)
            return 0
        }
        _ = try CommandLineSpec.busyTimeout.read(from: parsed)
        _ = try CommandLineSpec.database.read(from: parsed)
        _ = try command.init(parsed)
    } catch let error as UsageError {
        _ = error.message
    } catch {
        fatalError("not a usage error: \(error)")
    }
    return 0
}
