import RosterModel
import Testing

@Suite struct PositionTests {
    @Test func codesParseToThemselves() {
        for position in Position.allCases {
            #expect(Position(parsing: position.code) == position)
            #expect(Position(parsing: position.code.lowercased()) == position)
        }
    }
}
