import RosterModel

/// Players whose names and nationalities cover the widths a table must handle, and the date ages are taken on.
enum Fixtures {
    static let asOf = CalendarDate(year: 2025, month: 7, day: 1)!

    static let messi = Player(
        id: 10, name: "Lionel Messi", position: .rightWinger, goals: 20, assists: 15, nationality: "Argentina",
        club: "Inter Miami", birthDate: CalendarDate(year: 1987, month: 6, day: 24), image: "messi.png")
    /// Hangul: 3 characters, 6 columns.
    static let son = Player(
        id: 7, name: "손흥민", position: .leftWinger, goals: 17, assists: 10, nationality: "South Korea",
        club: "Los Angeles FC", birthDate: CalendarDate(year: 1992, month: 7, day: 8))
    /// CJK ideographs and an ASCII space: 9 columns.
    static let kubo = Player(
        id: 20, name: "久保 建英", position: .rightWinger, goals: 5, assists: 4, nationality: "Japan",
        club: "Real Sociedad", birthDate: CalendarDate(year: 2001, month: 6, day: 4))
    static let odegaard = Player(
        id: 8, name: "Martin Ødegaard", position: .attackingMidfielder, goals: 8, assists: 10,
        nationality: "Norway", club: "Arsenal", birthDate: CalendarDate(year: 1998, month: 12, day: 17))
    /// Combining acute accents (decomposed, as macOS file names have them): 7 characters, 7 columns.
    static let sa = Player(
        id: 1, name: "Jose\u{301} Sa\u{301}", position: .goalkeeper, goals: 0, assists: 1, nationality: "Portugal",
        club: "Wolverhampton Wanderers", birthDate: CalendarDate(year: 1993, month: 1, day: 17))
    /// A flag and a ball, 2 columns each; no nationality, club or birth date.
    static let neymar = Player(id: 11, name: "Neymar 🇧🇷⚽", position: .leftWinger, goals: 3, assists: 7)

    static let all = [messi, son, kubo, odegaard, sa, neymar]
}
