import RosterFormats
import RosterService

/// What is wrong with a player given on the command line, one line per problem, naming the option:
/// `--goals: must be at most 1,000,000, got '2000000'`.
enum PlayerProblemsView {
    static func render(_ problems: [RecordProblem]) -> String {
        problems.map { problem in
            (problem.field.map { "--" + $0.split(separator: "_").joined(separator: "-") + ": " } ?? "")
                + problem.message + "\n"
        }.joined()
    }
}
