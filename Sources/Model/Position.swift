/// A playing position: one of the specific roles, or one of the four lines (GK, DF, MF, FW).
///
/// Every role belongs to exactly one line, so a filter on a line (`FW`) can match every role on it.
package enum Position: String, CaseIterable, Sendable, Comparable {
    // Declared from the goal outwards, each line after its roles: this is the order `--sort position` uses.
    case goalkeeper = "GK"
    case sweeper = "SW"
    case centreBack = "CB"
    case leftBack = "LB"
    case rightBack = "RB"
    case leftWingBack = "LWB"
    case rightWingBack = "RWB"
    case defender = "DF"
    case defensiveMidfielder = "DM"
    case centralMidfielder = "CM"
    case attackingMidfielder = "AM"
    case leftMidfielder = "LM"
    case rightMidfielder = "RM"
    case midfielder = "MF"
    case leftWinger = "LW"
    case rightWinger = "RW"
    case secondStriker = "SS"
    case centreForward = "CF"
    case striker = "ST"
    case forward = "FW"

    /// The short code stored in the database and printed in tables (`RW`).
    package var code: String { rawValue }

    /// The position whose code is exactly `code` (`RW`); nil for any other text. Faster than `init(rawValue:)`,
    /// which compares the text with each code in turn: every row read and every record imported comes here.
    package init?(code: String) {
        var code = code
        guard let position = code.withUTF8(Position.init(code:)) else { return nil }
        self = position
    }

    /// The line this position plays on; a line is its own line.
    package var line: Position {
        switch self {
        case .goalkeeper: .goalkeeper
        case .sweeper, .centreBack, .leftBack, .rightBack, .leftWingBack, .rightWingBack, .defender: .defender
        case .defensiveMidfielder, .centralMidfielder, .attackingMidfielder, .leftMidfielder, .rightMidfielder,
            .midfielder:
            .midfielder
        case .leftWinger, .rightWinger, .secondStriker, .centreForward, .striker, .forward: .forward
        }
    }

    /// Whether this is one of the four lines rather than a specific role.
    package var isLine: Bool { line == self }

    /// The positions a filter on `self` matches: every position on a line, or just the role itself.
    package var matchingPositions: [Position] {
        isLine ? Position.allCases.filter { $0.line == self } : [self]
    }

    /// The English name shown in the detail view (`Right Winger`).
    package var fullName: String {
        switch self {
        case .goalkeeper: "Goalkeeper"
        case .sweeper: "Sweeper"
        case .centreBack: "Centre-Back"
        case .leftBack: "Left-Back"
        case .rightBack: "Right-Back"
        case .leftWingBack: "Left Wing-Back"
        case .rightWingBack: "Right Wing-Back"
        case .defensiveMidfielder: "Defensive Midfielder"
        case .centralMidfielder: "Central Midfielder"
        case .attackingMidfielder: "Attacking Midfielder"
        case .leftMidfielder: "Left Midfielder"
        case .rightMidfielder: "Right Midfielder"
        case .leftWinger: "Left Winger"
        case .rightWinger: "Right Winger"
        case .secondStriker: "Second Striker"
        case .centreForward: "Centre-Forward"
        case .striker: "Striker"
        case .defender: "Defender"
        case .midfielder: "Midfielder"
        case .forward: "Forward"
        }
    }

    /// What a position may be written as, for error messages: `accepted: GK, SW, CB, …, FW, or a synonym such as …`.
    package static let accepted: String =
        "accepted: " + allCases.map(\.code).joined(separator: ", ") + ", or a synonym such as Striker, CDM or Defender"

    /// Parses a code or a common synonym, ignoring case, spaces, hyphens, underscores and dots.
    ///
    /// `st`, `Striker`, `CDM`, `Centre Back`, `center-back` and `Defender` are all accepted; anything else is nil.
    package init?(parsing text: String) {
        // Most feeds write the code itself.
        if let position = Position(code: text) {
            self = position
            return
        }
        var key = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case " ", "-", "_", ".", "\t": continue
            case "a"..."z": key.unicodeScalars.append(Unicode.Scalar(scalar.value - 32)!)
            default: key.unicodeScalars.append(scalar)
            }
        }
        guard let position = Position.synonyms[key] else { return nil }
        self = position
    }

    /// The position whose code is exactly `bytes` (`ST`), or nil: a code read where it lies, as a roster's row holds
    /// it, without making a String of it.
    package init?(code bytes: UnsafeBufferPointer<UInt8>) {
        guard let index = Position.codeKeys.elements.firstIndex(of: Position.codeKey(bytes)) else { return nil }
        self = Position.cases[index]
    }

    /// `allCases`, and their codes as `codeKey` packs them: read for every row of every page a server writes.
    private static let cases = ConstantTable(allCases)
    private static let codeKeys = ConstantTable(allCases.map { codeKey($0.code.utf8) })

    /// Up to three bytes and their count in one number (0, which is no code's, for more); no code is longer. The
    /// count tells `ST` from `\0ST`.
    private static func codeKey(_ bytes: some Collection<UInt8>) -> UInt32 {
        guard bytes.count <= 3 else { return 0 }
        var key: UInt32 = 0
        for byte in bytes { key = key << 8 | UInt32(byte) }
        return key | UInt32(bytes.count) << 24
    }

    package static func < (lhs: Position, rhs: Position) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// Upper-case keys, without separators, for every accepted spelling.
    private static let synonyms: [String: Position] = {
        var table: [String: Position] = [:]
        for position in allCases {
            table[position.code] = position
            table[position.fullName.uppercased().filter { $0 != " " && $0 != "-" }] = position
        }
        let extra: [Position: [String]] = [
            .goalkeeper: ["G", "GOALIE", "KEEPER", "GOALTENDER"],
            .sweeper: ["LIBERO"],
            .centreBack: ["CENTERBACK", "CENTRALDEFENDER", "CENTREHALF", "CENTERHALF", "CD"],
            .leftBack: ["LEFTFULLBACK"],
            .rightBack: ["RIGHTFULLBACK"],
            .defensiveMidfielder: ["CDM", "DMF", "HOLDINGMIDFIELDER"],
            .centralMidfielder: ["CMF", "CENTREMIDFIELDER", "CENTERMIDFIELDER"],
            .attackingMidfielder: ["CAM", "AMF", "PLAYMAKER"],
            .leftMidfielder: ["LMF"],
            .rightMidfielder: ["RMF"],
            .leftWinger: ["LWF", "LEFTWING"],
            .rightWinger: ["RWF", "RIGHTWING"],
            .secondStriker: ["SHADOWSTRIKER"],
            .centreForward: ["CENTERFORWARD"],
            .defender: ["DEF", "D", "DEFENCE", "DEFENSE"],
            .midfielder: ["MID", "M", "MIDFIELD"],
            .forward: ["FWD", "F", "ATT", "ATTACKER"],
        ]
        for (position, spellings) in extra {
            for spelling in spellings { table[spelling] = position }
        }
        return table
    }()
}
