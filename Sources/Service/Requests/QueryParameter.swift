import RosterModel

/// A parameter of a list of players — a filter, the order or the page — as `query`, `stats`, `export` and the HTTP
/// API take it. Declared once here, with its help, its rules and its messages; each front end spells the name its own
/// way (`--min-goals` on the command line, `min_goals` in a URL) and turns the values it was given into the same
/// `PlayerQuery` through `apply(_:to:)`.
package enum QueryParameter: String, CaseIterable, Sendable {
    case position, nationality, club
    case clubPrefix = "club_prefix"
    case name
    case minGoals = "min_goals"
    case maxGoals = "max_goals"
    case minAssists = "min_assists"
    case maxAssists = "max_assists"
    case minAge = "min_age"
    case maxAge = "max_age"
    case asOf = "as_of"
    case sort, page
    case perPage = "per_page"
    /// A page token: the page starts just after the row it stands for (keyset paging); empty for the first page.
    case after

    /// The parameter a query string calls `name`, or nil: as `init(rawValue:)`, whose string switch makes each case's
    /// text anew to compare it, at a tenth of the cost (a server reads a few names with every request).
    package static func named(_ name: String) -> QueryParameter? {
        allCases.first { $0.rawValue == name }
    }

    /// The parameters that choose which players match, shared by every list.
    package static let filters = allCases.filter(\.choosesPlayers)

    /// The parameter that filters on one group of `grouping` by its name (`club=Arsenal` for a club's); nil for an
    /// age band, which takes two bounds.
    package static func naming(_ grouping: StatsGrouping) -> QueryParameter? {
        switch grouping {
        case .position, .line: .position
        case .nationality: .nationality
        case .club: .club
        case .age: nil
        }
    }

    /// Whether the parameter chooses which players match (a filter, or the day ages are computed on), rather than
    /// their order or page.
    package var choosesPlayers: Bool {
        switch self {
        case .position, .nationality, .club, .clubPrefix, .name, .minGoals, .maxGoals, .minAssists, .maxAssists,
            .minAge, .maxAge, .asOf:
            true
        case .sort, .page, .perPage, .after: false
        }
    }

    /// How a front end writes parameter names.
    package enum Spelling: Sendable {
        /// `--min-goals`.
        case option
        /// `min_goals`.
        case query

        /// The option's name without its two hyphens (`min-goals`, `birth-date`) for a name written with
        /// underscores (`min_goals`, `birth_date`): parameters and fields are named that way.
        package static func optionName(_ name: String) -> String {
            String(decoding: name.utf8.map { $0 == UInt8(ascii: "_") ? UInt8(ascii: "-") : $0 }, as: UTF8.self)
        }
    }

    /// The name as `spelling` writes it.
    package func name(_ spelling: Spelling) -> String {
        switch spelling {
        case .option: "--" + Spelling.optionName(rawValue)
        case .query: rawValue
        }
    }

    /// What the value is, for help and usage lines (`n`, `yyyy-MM-dd`).
    package var valueName: String {
        switch self {
        case .position: "position"
        case .nationality: "nationality"
        case .club: "club"
        case .clubPrefix: "text"
        case .name: "text"
        case .minGoals, .maxGoals, .minAssists, .maxAssists, .page, .perPage: "n"
        case .minAge, .maxAge: "years"
        case .asOf: "yyyy-MM-dd"
        case .sort: "keys"
        case .after: "token"
        }
    }

    /// Whether the parameter may be given several times; its values then match in the alternative (OR). Any other
    /// parameter given twice is refused, never silently reduced to one value.
    package var isRepeatable: Bool {
        switch self {
        case .position, .nationality, .club, .clubPrefix, .name: true
        case .minGoals, .maxGoals, .minAssists, .maxAssists, .minAge, .maxAge, .asOf, .sort, .page, .perPage, .after:
            false
        }
    }

    /// Whether one value may list several, separated by commas (`ST,CF`). Names and nationalities may hold commas.
    package var splitsAtCommas: Bool { self == .position }

    package var help: String {
        switch self {
        case .position:
            "Only these positions (codes or synonyms, comma-separated or repeated); a line (GK, DF, MF, FW) matches "
                + "every role on it."
        case .nationality:
            "Only this nationality, matched whole, ignoring case and accents ('cote d'ivoire' finds Côte d'Ivoire); "
                + "repeat it for several."
        case .club: "Only this club, matched whole, ignoring case and accents; repeat it for several."
        case .clubPrefix:
            "Only clubs whose name starts with this text, ignoring case and accents ('man' finds Man City and Man "
                + "Utd); repeat it for several."
        case .name:
            "Names with words starting with these words, ignoring case and accents ('mbap' finds Mbappé); repeat it "
                + "for several."
        case .minGoals: "At least this many goals."
        case .maxGoals: "At most this many goals."
        case .minAssists: "At least this many assists."
        case .maxAssists: "At most this many assists."
        case .minAge: "At least this old on the as-of day; players without a birth date never match."
        case .maxAge: "At most this old on the as-of day."
        case .asOf: "The day ages are computed on (default: today)."
        case .sort:
            "KEY[:asc|desc][,KEY...] over \(SortKey.names) (default: name). Unknown birth dates and nationalities "
                + "sort last."
        case .page: "The page to show, from 1 (default: 1)."
        case .perPage: "Players per page, 1 to \(QueryParameter.maximumPerPage) (default: 20)."
        case .after:
            "Start just after the row this token stands for (the next link of a page gives it); empty for the first "
                + "page. Pages taken this way stay right while the roster changes between them."
        }
    }

    /// The values a front end may offer when they are a fixed few: position codes, sort keys (each also with
    /// `:desc`); empty for any other.
    package var choices: [String] {
        switch self {
        case .position: Position.allCases.map(\.code)
        case .sort: SortKey.allCases.flatMap { [$0.rawValue, $0.rawValue + ":desc"] }
        case .nationality, .club, .clubPrefix, .name, .minGoals, .maxGoals, .minAssists, .maxAssists, .minAge, .maxAge,
            .asOf, .page, .perPage, .after:
            []
        }
    }

    /// The field whose values, as the roster's players have them, the parameter takes (a club for `club` and
    /// `club_prefix`); nil for any other.
    package var rosterValues: PlayerField? {
        switch self {
        case .nationality: .nationality
        case .club, .clubPrefix: .club
        case .position, .name, .minGoals, .maxGoals, .minAssists, .maxAssists, .minAge, .maxAge, .asOf, .sort, .page,
            .perPage, .after:
            nil
        }
    }

    /// The most players one page may hold.
    package static let maximumPerPage = 1_000

    /// The whole numbers the parameter takes; nil for one whose value is not a number.
    package var range: ClosedRange<Int>? {
        switch self {
        case .minGoals, .maxGoals, .minAssists, .maxAssists: 0...Int(FieldRule.maximumCount)
        case .minAge, .maxAge: 0...200
        case .page: 1...1_000_000_000
        case .perPage: 1...QueryParameter.maximumPerPage
        case .position, .nationality, .club, .clubPrefix, .name, .asOf, .sort, .after: nil
        }
    }

    // MARK: - Reading values

    /// Reads the values given for this parameter, in the order given, into `query`. An empty list changes nothing.
    package func apply(_ values: [String], to query: inout PlayerQuery) throws(ParameterError) {
        guard let last = values.last else { return }
        guard isRepeatable || values.count == 1 else { throw .repeated(self) }
        let items =
            splitsAtCommas
            ? values.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
                .map(String.init) : values
        switch self {
        case .position:
            query.filters.append(
                .positions(
                    try items.map { text throws(ParameterError) in
                        guard let position = Position(parsing: text) else {
                            throw .invalid(self, value: text, reason: "unknown position; \(Position.accepted).")
                        }
                        return position
                    }))
        case .nationality:
            query.filters.append(.nationalities(try items.map { text throws(ParameterError) in try visibleText(text) }))
        case .club:
            query.filters.append(.clubs(try items.map { text throws(ParameterError) in try visibleText(text) }))
        case .clubPrefix:
            query.filters.append(
                .clubPrefixes(try items.map { text throws(ParameterError) in try visibleText(text) }))
        case .name:
            query.filters.append(
                .names(
                    try items.map { text throws(ParameterError) in
                        guard !NameFolding.words(text).isEmpty else {
                            throw .invalid(self, value: text, reason: "expected at least one letter or digit.")
                        }
                        return text
                    }))
        case .minGoals: query.filters.append(.minGoals(try number(last)))
        case .maxGoals: query.filters.append(.maxGoals(try number(last)))
        case .minAssists: query.filters.append(.minAssists(try number(last)))
        case .maxAssists: query.filters.append(.maxAssists(try number(last)))
        case .minAge: query.filters.append(.minAge(try number(last)))
        case .maxAge: query.filters.append(.maxAge(try number(last)))
        case .asOf: query.asOf = try date(last)
        case .sort: query.sort = try sortOrders(last)
        case .page:
            if case .page(_, let perPage) = query.paging {
                query.paging = .page(try number(last), perPage: perPage)
            }
        case .perPage:
            if case .page(let page, _) = query.paging {
                query.paging = .page(page, perPage: try number(last))
            }
        case .after:
            if last.isEmpty {
                query.after = PagePosition(sort: [], values: [])
            } else {
                guard let position = PageToken.position(last) else {
                    throw .invalid(
                        self, value: last,
                        reason: PageToken.isEarlierFormat(last)
                            ? "a page token of an earlier rosterdb, whose orders ended ties on the id alone; start "
                                + "again from the first page (leave it empty)."
                            : "not a page token; take one from the next link of a page, or leave it empty for the "
                                + "first page.")
                }
                query.after = position
            }
        }
    }

    /// Refuses a page token made for another order than `sort`, once every parameter is read; an empty token (the
    /// first page) takes the query's order.
    package static func checkPosition(of query: inout PlayerQuery) throws(ParameterError) {
        guard let after = query.after else { return }
        if after.values.isEmpty {
            query.after?.sort = query.sort
        } else if after.sort != query.sort {
            throw .invalid(
                .after, value: PageToken.token(for: after),
                reason: "this token belongs to the order '\(PageToken.sortText(after.sort))', not "
                    + "'\(PageToken.sortText(query.sort))'; give the sort it was made for.")
        }
    }

    /// Refuses ranges that nothing could match (`min_goals` above `max_goals`), once every parameter is read.
    package static func checkRanges(of query: PlayerQuery) throws(ParameterError) {
        for least in query.filters {
            guard let low = least.bound, low.isLeast else { continue }
            for most in query.filters {
                guard let high = most.bound, !high.isLeast, high.quantity == low.quantity, low.value > high.value
                else { continue }
                throw .emptyRange(
                    low: QueryParameter(least), lowValue: low.value, high: QueryParameter(most), highValue: high.value)
            }
        }
    }

    /// The parameter that gives `filter`.
    init(_ filter: PlayerFilter) {
        self =
            switch filter {
            case .positions: .position
            case .nationalities: .nationality
            case .clubs: .club
            case .clubPrefixes: .clubPrefix
            case .names: .name
            case .minGoals: .minGoals
            case .maxGoals: .maxGoals
            case .minAssists: .minAssists
            case .maxAssists: .maxAssists
            case .minAge: .minAge
            case .maxAge: .maxAge
            }
    }

    /// `text` as a whole number in the parameter's `range`.
    private func number(_ text: String) throws(ParameterError) -> Int {
        let range = self.range ?? 0...0
        guard let value = Int(text), range.contains(value) else {
            throw .invalid(self, value: text, reason: ParameterError.notAWholeNumber(in: range))
        }
        return value
    }

    private func date(_ text: String) throws(ParameterError) -> CalendarDate {
        guard let date = CalendarDate(iso: text) else {
            throw .invalid(
                self, value: text,
                reason: CalendarDate.hasISOShape(text)
                    ? "it is written yyyy-MM-dd but is not a real date." : "expected a date written yyyy-MM-dd.")
        }
        return date
    }

    private func visibleText(_ text: String) throws(ParameterError) -> String {
        let trimmed = TextRule.trimmed(text)
        guard TextRule.hasVisibleCharacter(trimmed) else {
            throw .invalid(self, value: text, reason: "expected some text.")
        }
        return trimmed
    }

    /// `goals:desc,name` → goals descending, then name ascending.
    private func sortOrders(_ text: String) throws(ParameterError) -> [SortOrder] {
        var orders: [SortOrder] = []
        // Split on the bytes of `,` and `:`, not on Characters: a server reads a sort order with every page.
        for item in text.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
            let parts = item.split(separator: UInt8(ascii: ":"), maxSplits: 1, omittingEmptySubsequences: false)
                .map { String(Substring($0)) }
            let keyText = TextRule.trimmed(parts[0]).lowercased()
            guard let key = SortKey(rawValue: keyText) else {
                let guess = Suggestion.nearest(to: keyText, among: SortKey.allCases.map(\.rawValue))
                throw .invalid(
                    self, value: text,
                    reason: "unknown sort key '\(keyText)'"
                        + (guess.map { " (did you mean '\($0)'?)" } ?? "") + "; valid keys: \(SortKey.names).")
            }
            let direction = parts.count > 1 ? TextRule.trimmed(parts[1]).lowercased() : "asc"
            guard direction == "asc" || direction == "desc" else {
                throw .invalid(self, value: text, reason: "unknown direction '\(direction)'; use asc or desc.")
            }
            orders.append(SortOrder(key, descending: direction == "desc"))
        }
        return orders
    }
}

/// A parameter value that cannot be used, with the message each front end shows in its own spelling.
package enum ParameterError: Error, Equatable, Sendable {
    case invalid(QueryParameter, value: String, reason: String)
    case repeated(QueryParameter)
    case emptyRange(low: QueryParameter, lowValue: Int, high: QueryParameter, highValue: Int)

    /// What a parameter or option given twice is told, however it is spelt (`'--min-goals <n>'`, `'min_goals'`).
    package static func givenTwice(_ shown: String) -> String {
        "'\(shown)' was given more than once; it takes one value."
    }

    /// Why a value is not a whole number in `range`, whatever the parameter (`expected a whole number from 0 to
    /// 200.`).
    package static func notAWholeNumber(in range: ClosedRange<Int>) -> String {
        "expected a whole number from \(range.lowerBound.groupedDigits) to \(range.upperBound.groupedDigits)."
    }

    /// The parameter to point at.
    package var parameter: QueryParameter {
        switch self {
        case .invalid(let parameter, _, _), .repeated(let parameter): parameter
        case .emptyRange(let low, _, _, _): low
        }
    }

    /// `The value 'x' is invalid for '--min-goals <n>': expected …`, with the parameters written as `spelling`
    /// writes them (`min_goals` in a URL).
    package func message(_ spelling: QueryParameter.Spelling) -> String {
        func shown(_ parameter: QueryParameter) -> String {
            switch spelling {
            case .option: "\(parameter.name(.option)) <\(parameter.valueName)>"
            case .query: parameter.name(.query)
            }
        }
        func setting(_ parameter: QueryParameter, _ value: Int) -> String {
            switch spelling {
            case .option: "\(parameter.name(.option)) \(value)"
            case .query: "\(parameter.name(.query))=\(value)"
            }
        }
        switch self {
        case .invalid(let parameter, let value, let reason):
            return "The value '\(value)' is invalid for '\(shown(parameter))': \(reason)"
        case .repeated(let parameter):
            return ParameterError.givenTwice(shown(parameter))
        case .emptyRange(let low, let lowValue, let high, let highValue):
            return "'\(setting(low, lowValue))' is greater than '\(setting(high, highValue))', so nothing could match."
        }
    }
}

extension SortKey {
    /// The keys, for help and errors: `id, name, position, …`.
    package static let names = allCases.map(\.rawValue).joined(separator: ", ")
}
