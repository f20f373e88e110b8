import RosterModel

/// `serve --write` on an address beyond this machine, for a roster with no token: anyone who reaches the address
/// could write the roster, so the server does not start.
struct UnprotectedWrites: CategorizedError {
    let address: String

    var category: ErrorCategory { .usage }
    var description: String {
        "serve --write on \(address) would let anyone who can reach it write the roster, which has no token: "
            + "create one first ('rosterdb token create --name NAME'; writes then need it), or serve on 127.0.0.1"
    }
}
