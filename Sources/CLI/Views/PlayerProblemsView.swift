import RosterFormats
import RosterService

/// What is wrong with a player given on the command line, one line per problem, naming the option:
/// `--goals: must be at most 1,000,000, got '2000000'`. A message may quote a value another program stored (`edit` of
/// a player it broke): its control characters never reach the terminal.
enum PlayerProblemsView {
    static func render(_ problems: [RecordProblem]) -> String {
        problems.map { problem in
            (problem.field.map { "--" + $0.split(separator: "_").joined(separator: "-") + ": " } ?? "")
                + DisplayWidth.printable(problem.message) + "\n"
        }.joined()
    }
}
