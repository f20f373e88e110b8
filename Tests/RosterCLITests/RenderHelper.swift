import RosterModel

@testable import RosterCLI

/// Runs a renderer over players as a list command would, with ages on `Fixtures.asOf`.
func render(_ players: [Player], _ paging: PageInfo, with renderer: some PlayerListRenderer) -> String {
    var renderer = renderer
    var text = renderer.begin(paging)
    for player in players { text += renderer.row(player, age: player.age(on: Fixtures.asOf)) }
    return text + renderer.end(paging)
}
