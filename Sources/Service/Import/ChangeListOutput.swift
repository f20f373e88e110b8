import RosterModel

/// Where an import lists the players it changes (`import --changes`): each change in turn, then the end of the
/// list, which makes it complete (a file renamed into place, say).
package struct ChangeListOutput {
    let write: (PlayerChange) throws -> Void
    let finish: () throws -> Void

    package init(write: @escaping (PlayerChange) throws -> Void, finish: @escaping () throws -> Void = {}) {
        self.write = write
        self.finish = finish
    }
}
