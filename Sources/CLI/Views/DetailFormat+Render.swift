import RosterFormats
import RosterModel

extension DetailFormat {
    /// The player as `show` prints it, with the age on `asOf`.
    func render(_ player: Player, asOf: CalendarDate) -> String {
        switch self {
        case .text: PlayerDetailView.render(player, asOf: asOf)
        case .json: PlayerEncoding.jsonObject(player, age: .included(player.age(on: asOf))) + "\n"
        }
    }
}
