/// One player of the roster.
package struct Player: Hashable, Sendable {
    /// The roster's id; nil for a player not yet stored.
    package var id: Int64?
    /// The player's key in the feed that provides them (FPL `code`, a federation's player id), unique in the roster.
    package var ref: String?
    package var name: String
    package var position: Position
    package var goals: Int
    package var assists: Int
    package var nationality: String?
    /// The team the player plays for.
    package var club: String?
    package var birthDate: CalendarDate?
    /// An image file name or URL, as given.
    package var image: String?

    package init(
        id: Int64? = nil, ref: String? = nil, name: String, position: Position, goals: Int = 0, assists: Int = 0,
        nationality: String? = nil, club: String? = nil, birthDate: CalendarDate? = nil, image: String? = nil
    ) {
        self.id = id
        self.ref = ref
        self.name = name
        self.position = position
        self.goals = goals
        self.assists = assists
        self.nationality = nationality
        self.club = club
        self.birthDate = birthDate
        self.image = image
    }

    /// The same values, text compared byte for byte (`FieldValue.==`): an import or an edit that brings other bytes
    /// changes the player, and an export gives back what was imported. (The synthesized hash stays valid: equal bytes
    /// are equal text.)
    package static func == (left: Player, right: Player) -> Bool {
        PlayerField.allCases.allSatisfy { left[$0] == right[$0] }
    }

    /// Age in whole years on `date`; nil when the birth date is unknown or after `date` (not born yet).
    package func age(on date: CalendarDate) -> Int? {
        birthDate?.age(on: date)
    }

    /// Goals plus assists, in a type wide enough that no pair of counts can overflow it.
    package var goalContributions: Int128 { Int128(goals) + Int128(assists) }

    /// The key names are compared and sorted by: case- and accent-folded (`Ángel` sorts with `a`).
    package var sortName: String { NameFolding.fold(name) }

    /// The value of `field`, nil when unknown. Setting nil clears an optional field; a value of the wrong type
    /// for the field is a programming error.
    package subscript(field: PlayerField) -> FieldValue? {
        get {
            switch field {
            case .id: id.map(FieldValue.integer)
            case .ref: ref.map(FieldValue.text)
            case .name: .text(name)
            case .position: .position(position)
            case .goals: .integer(Int64(goals))
            case .assists: .integer(Int64(assists))
            case .nationality: nationality.map(FieldValue.text)
            case .club: club.map(FieldValue.text)
            case .birthDate: birthDate.map(FieldValue.date)
            case .image: image.map(FieldValue.text)
            }
        }
        set {
            // A switch over the fields alone, without `default`: a new field is a compile error here until it is set.
            switch field {
            case .id: id = newValue.map { $0.integer(of: field) }
            case .ref: ref = newValue.map { $0.text(of: field) }
            case .name: name = FieldValue.required(newValue, of: field).text(of: field)
            case .position: position = FieldValue.required(newValue, of: field).position(of: field)
            case .goals: goals = newValue.map { Int($0.integer(of: field)) } ?? 0
            case .assists: assists = newValue.map { Int($0.integer(of: field)) } ?? 0
            case .nationality: nationality = newValue.map { $0.text(of: field) }
            case .club: club = newValue.map { $0.text(of: field) }
            case .birthDate: birthDate = newValue.map { $0.date(of: field) }
            case .image: image = newValue.map { $0.text(of: field) }
            }
        }
    }
}
