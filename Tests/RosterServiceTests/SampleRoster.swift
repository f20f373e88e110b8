import RosterService
import TestSupport

/// The sample roster (`seed.sql`) in a folder of its own, writable: where the suites of the service that start from
/// it begin.
struct SampleRoster {
    let folder: TemporaryDirectory
    let roster: Roster

    init() throws {
        folder = try TemporaryDirectory()
        roster = try Roster(path: folder.path("roster.db"), access: .write)
        _ = try roster.loadSampleIfEmpty()
    }
}
