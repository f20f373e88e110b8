/// One player of the roster.
public struct Player: Hashable, Sendable {
    /// The roster's id; nil for a player not yet stored.
    public var id: Int64?
    public var name: String
    public var position: Position
    public var goals: Int
    public var assists: Int
    public var nationality: String?
    public var birthDate: CalendarDate?
    /// An image file name or URL, as given.
    public var image: String?

    public init(
        id: Int64? = nil, name: String, position: Position, goals: Int = 0, assists: Int = 0,
        nationality: String? = nil, birthDate: CalendarDate? = nil, image: String? = nil
    ) {
        self.id = id
        self.name = name
        self.position = position
        self.goals = goals
        self.assists = assists
        self.nationality = nationality
        self.birthDate = birthDate
        self.image = image
    }

    /// Age in whole years on `date`, or nil when the birth date is unknown.
    public func age(on date: CalendarDate) -> Int? {
        birthDate?.age(on: date)
    }

    /// Goals plus assists, in a type wide enough that no pair of counts can overflow it.
    public var goalContributions: Int128 { Int128(goals) + Int128(assists) }

    /// The key names are compared and sorted by: case- and accent-folded (`Ángel` sorts with `a`).
    public var sortName: String { NameFolding.fold(name) }
}
