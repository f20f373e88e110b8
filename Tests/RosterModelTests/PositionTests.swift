import RosterModel
import Testing

@Suite struct PositionTests {
    @Test func everyCodeParsesToItselfInAnyCase() {
        for position in Position.allCases {
            #expect(Position(parsing: position.code) == position)
            #expect(Position(parsing: position.code.lowercased()) == position)
        }
    }

    @Test(arguments: [
        ("GK", Position.goalkeeper), ("Goalkeeper", .goalkeeper), ("keeper", .goalkeeper),
        ("Sweeper", .sweeper), ("libero", .sweeper),
        ("Centre-Back", .centreBack), ("Center Back", .centreBack), ("centre back", .centreBack), ("CB", .centreBack),
        ("Left-Back", .leftBack), ("right back", .rightBack), ("Left Wing-Back", .leftWingBack),
        ("right wing back", .rightWingBack),
        ("CDM", .defensiveMidfielder), ("Defensive Midfielder", .defensiveMidfielder),
        ("cm", .centralMidfielder), ("Central Midfielder", .centralMidfielder),
        ("CAM", .attackingMidfielder), ("Attacking Midfielder", .attackingMidfielder),
        ("Left Midfielder", .leftMidfielder), ("RM", .rightMidfielder),
        ("Left Winger", .leftWinger), ("left wing", .leftWinger), ("Right Winger", .rightWinger),
        ("Second Striker", .secondStriker), ("Centre-Forward", .centreForward), ("center forward", .centreForward),
        ("Striker", .striker), ("st", .striker),
        ("DEF", .defender), ("D", .defender), ("Defender", .defender), ("df", .defender),
        ("MID", .midfielder), ("M", .midfielder), ("Midfielder", .midfielder),
        ("FWD", .forward), ("F", .forward), ("ATT", .forward), ("Forward", .forward), ("attacker", .forward),
        (" st ", .striker), ("c.b.", .centreBack), ("centre_back", .centreBack),
    ])
    func synonymsParse(text: String, expected: Position) {
        #expect(Position(parsing: text) == expected)
    }

    @Test(arguments: ["wizard", "", "S T X", "GKK", "Ｓｔｒｉｋｅｒ", "STRIKERS", "-"])
    func otherTextIsRejected(text: String) {
        #expect(Position(parsing: text) == nil)
    }

    @Test func everyRoleBelongsToOneLineAndLinesMatchTheirRoles() {
        #expect(
            Position.forward.matchingPositions == [
                .leftWinger, .rightWinger, .secondStriker, .centreForward, .striker, .forward,
            ])
        #expect(Position.goalkeeper.matchingPositions == [.goalkeeper])
        #expect(Position.defensiveMidfielder.matchingPositions == [.defensiveMidfielder])
        #expect(Set(Position.allCases.map(\.line)) == [.goalkeeper, .defender, .midfielder, .forward])
        #expect(Position.defender.matchingPositions.count == 7)
    }

    @Test func fullNamesAndAcceptedCodes() {
        #expect(Position.rightWinger.fullName == "Right Winger")
        #expect(
            Position.accepted
                == "accepted: GK, SW, CB, LB, RB, LWB, RWB, DF, DM, CM, AM, LM, RM, MF, LW, RW, SS, CF, ST, FW, or a synonym such as Striker, CDM or Defender"
        )
    }

    /// A code as a row holds it, read from its bytes: exactly a code, in capitals; anything else is nil.
    @Test func aCodeIsReadFromItsBytesExactly() {
        func read(_ bytes: [UInt8]) -> Position? { bytes.withUnsafeBufferPointer(Position.init(code:)) }
        for position in Position.allCases {
            #expect(read(Array(position.code.utf8)) == position)
        }
        for text in ["", "st", "S", "STX", "LWBX", "Striker", " ST", "ST "] {
            #expect(read(Array(text.utf8)) == nil, "\(text)")
        }
        #expect(read([0, 0x53, 0x54]) == nil)
        #expect(read([0x53, 0x54, 0]) == nil)
    }

    @Test func aCodeFindsItsPositionAndNothingElseDoes() {
        for position in Position.allCases { #expect(Position(code: position.code) == position) }
        for text in ["", "st", "S", "STR", "STRIKER", "ST ", "GKGK", "\u{0}ST"] { #expect(Position(code: text) == nil) }
    }
}
