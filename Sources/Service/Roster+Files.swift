import RosterRepository

extension Roster {
    /// The files of the roster whose database is at `resolvedPath` (symbolic links resolved, as SQLite resolves
    /// them): the database, then the files SQLite keeps beside it, which may not exist yet. Nothing but SQLite may
    /// write any of them.
    public static func files(resolvedPath: String) -> [String] {
        [resolvedPath] + RosterDatabase.companionSuffixes.map { resolvedPath + $0 }
    }
}
