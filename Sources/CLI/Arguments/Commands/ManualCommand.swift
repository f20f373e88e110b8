/// `rosterdb manual`: the manual page, in roff, made from the command line's declarations.
package struct ManualCommand: DeclaredCommand {
    package static let name = "manual"
    package static let declaration = CommandDeclaration(
        name: name,
        abstract: "Print the manual page (roff, section 1).",
        discussion: "Read it with 'rosterdb manual | man -l -'. To install it for 'man rosterdb': "
            + "'mkdir -p ~/.local/share/man/man1 && rosterdb manual > ~/.local/share/man/man1/rosterdb.1' (or, for "
            + "every user, 'sudo sh -c \"rosterdb manual > /usr/local/share/man/man1/rosterdb.1\"')."
    ) { _ in ManualCommand() }
}
