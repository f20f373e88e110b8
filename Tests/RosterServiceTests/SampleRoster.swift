import RosterService
import TestSupport
import Testing

/// The sample roster (`seed.sql`) in a folder of its own, writable: where the suites of the service that start from
/// it begin. A roster the sample did not fill fails the set-up here, not later as some count that is off.
struct SampleRoster {
    let folder: TemporaryDirectory
    let roster: Roster

    init() throws {
        folder = try TemporaryDirectory()
        roster = try Roster(path: folder.path("roster.db"), access: .write)
        let added = try roster.loadSampleIfEmpty().added
        try #require(added > 0, "the sample roster added no player to a new roster")
        try #require(try roster.count() == added)
    }
}
