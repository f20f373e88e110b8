import Testing

@testable import RosterModel

/// The descriptors are the one source of each field's place: the detail screen, the counts and the subscript follow
/// them for every field.
@Suite struct FieldDescriptorTests {
    static let messi = Player(
        id: 10, ref: "19054", name: "Lionel Messi", position: .rightWinger, goals: 20, assists: 15,
        nationality: "Argentina", club: "Inter Miami", birthDate: CalendarDate(year: 1987, month: 6, day: 24),
        image: "messi.png")

    @Test func theDetailHasALineForEveryFieldButTheHeading() {
        let lines = PlayerDetail.lines(of: Self.messi, asOf: CalendarDate(year: 2026, month: 1, day: 1)!)
        let labels = PlayerField.allCases.compactMap { field -> String? in
            guard case .line(let label, _) = field.descriptor.detail else { return nil }
            return label
        }
        #expect(Set(lines.map(\.label)) == Set(labels + [PlayerDetail.goalContributions]))
        #expect(
            lines.map(\.label) == [
                "ID", "Ref", "Position", "Nationality", "Club", "Born", "Goals", "Assists", "Goal contributions",
                "Image",
            ])
        #expect(lines.first { $0.label == "Born" }?.value == .text("1987-06-24 (age 38)"))
        #expect(lines.first { $0.label == "Image" }?.value == .media("messi.png"))
        #expect(lines.first { $0.label == "Position" }?.value == .text("RW (Right Winger)"))
    }

    @Test func unknownValuesAreShownAsUnknown() {
        let lines = PlayerDetail.lines(of: Player(name: "Ann", position: .goalkeeper), asOf: .today())
        #expect(
            lines.filter { $0.value == .unknown }.map(\.label) == ["ID", "Ref", "Nationality", "Club", "Born", "Image"])
    }

    @Test func theCountsAreTheFieldsDescribedAsCounts() {
        #expect(PlayerField.counts == [.goals, .assists])
        #expect(PlayerField.counts.allSatisfy { $0.valueType == .integer && !$0.isOptional })
    }

    /// Every field set through the subscript reads back as set, and clearing an optional field makes it unknown.
    @Test(arguments: PlayerField.allCases)
    func everyFieldIsSetThroughTheSubscript(field: PlayerField) {
        var player = Player(name: "Ann", position: .goalkeeper)
        player[field] = Self.messi[field]
        #expect(player[field] == Self.messi[field])
        if field.isOptional {
            player[field] = nil
            #expect(player[field] == nil)
        }
    }
}
