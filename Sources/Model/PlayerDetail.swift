/// The lines of a player's detail screen, which `show` and the web page's detail both draw: every field but the
/// heading (the name), grouped and labelled as its `FieldDescriptor` places it, with the goal contributions after the
/// counts.
package enum PlayerDetail {
    package struct Line: Sendable, Equatable {
        package let label: String
        package let value: Value
        /// The field the line shows; nil for the goal contributions, which no field holds.
        package let field: PlayerField?
    }

    /// A line's value, as each view shows it.
    package enum Value: Sendable, Equatable {
        case unknown
        case text(String)
        /// A file name or URL of an image or other media, which a web page may show rather than name.
        case media(String)
    }

    /// The label of the line after the counts.
    package static let goalContributions = "Goal contributions"

    /// The lines of `player`, with the age on `asOf`.
    package static func lines(of player: Player, asOf: CalendarDate) -> [Line] {
        var lines: [Line] = []
        for group in FieldDescriptor.DetailGroup.allCases {
            for field in PlayerField.allCases {
                guard case .line(let label, group) = field.descriptor.detail else { continue }
                lines.append(Line(label: label, value: value(of: field, in: player, asOf: asOf), field: field))
            }
            if group == .counts {
                lines.append(Line(label: goalContributions, value: .text(String(player.goalContributions)), field: nil))
            }
        }
        return lines
    }

    private static func value(of field: PlayerField, in player: Player, asOf: CalendarDate) -> Value {
        guard let value = player[field] else { return .unknown }
        switch value {
        case .integer, .text: break
        case .position(let position): return .text("\(position.code) (\(position.fullName))")
        case .date(let date):
            // A birth date shows the age; a date after `asOf` has none yet.
            guard field == .birthDate, let age = date.age(on: asOf) else { return .text(date.description) }
            return .text("\(date) (age \(age))")
        }
        if case .line(_, .media) = field.descriptor.detail { return .media(value.text) }
        return .text(value.text)
    }
}
