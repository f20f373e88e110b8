/// `rosterdb init [--sample]`: creates or migrates the roster, and can load the sample roster.
package struct InitCommand: DeclaredCommand {
    package static let name = "init"
    package static let declaration = CommandDeclaration(
        name: name,
        abstract: "Create the roster database, or migrate it to this version's schema.",
        discussion: "With --sample, the sample roster (seed.sql) is loaded when the roster is empty; "
            + "running it again adds nothing.",
        options: Flag("sample", help: "Load the sample roster when the roster is empty.")
    ) { _, loadSample in InitCommand(loadSample: loadSample) }

    package let loadSample: Bool
}
