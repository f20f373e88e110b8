import RosterModel
import Testing

@testable import RosterCLI

/// Every error category has its exit code, and an error a command throws ends the program with its category's.
@Suite struct ExitStatusTests {
    /// An error of `category` and nothing else.
    struct Categorized: CategorizedError {
        let category: ErrorCategory
        var description: String { "an error of category \(category)" }
    }

    /// Standard error, kept.
    final class Collected: TextOutput {
        var text = ""
        func write(_ text: String) throws { self.text += text }
        func flush() throws {}
    }

    /// The codes docs/exit-codes.md documents, written out again: a new category fails to compile here until
    /// its code is chosen. An interruption is 130 for SIGINT, else 143.
    static func expected(_ category: ErrorCategory) -> Set<Int32> {
        switch category {
        case .notFound, .failure, .changedSince: [1]
        case .pruneRefused: [3]
        case .savedNotReported: [5]
        case .rosterNotEmpty: [6]
        case .usage: [64]
        case .invalidData, .duplicate: [65]
        case .unreadableInput: [66]
        case .io, .unavailable: [74]
        case .busy, .timedOut: [75]
        case .interrupted: [130, 143]
        }
    }

    @Test(arguments: ErrorCategory.allCases)
    func eachCategoryHasItsExitCode(_ category: ErrorCategory) {
        #expect(Self.expected(category).contains(ExitStatus(category).rawValue))
    }

    /// Thrown by a command, reported as `Error: …` with its category's code.
    @Test(arguments: ErrorCategory.allCases)
    func anErrorACommandThrowsEndsWithItsCategorysCode(_ category: ErrorCategory) {
        let errors = Collected()
        let status = CommandLineInterface.report(Categorized(category: category), errors: errors)
        #expect(Self.expected(category).contains(status.rawValue))
        #expect(errors.text.hasPrefix("Error: an error of category \(category)\n"))
    }

    /// An error of no category is an other failure.
    @Test func anErrorOfNoCategoryIsAFailure() {
        struct Plain: Error {}
        #expect(CommandLineInterface.report(Plain(), errors: Collected()) == .failure)
    }
}
