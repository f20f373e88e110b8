import RosterFormats
import RosterModel
import RosterService

/// The JSON API's page, each row written as it is read (`Roster.readPage`): the page is never held as `Player`
/// values.
struct JSONPageBody: PageSink {
    let asOf: CalendarDate
    private(set) var bytes: [UInt8] = []
    private(set) var paging = PageInfo(page: 0, perPage: 0, total: 0)
    private(set) var isKeyset = false
    private var index = 0

    init(asOf: CalendarDate) {
        self.asOf = asOf
    }

    mutating func begin(_ paging: PageInfo, isKeyset: Bool) {
        self.paging = paging
        self.isKeyset = isKeyset
        bytes.reserveCapacity(paging.perPage * 256 + 512)
        PageEncoding.appendOpening(paging, numbered: !isKeyset, to: &bytes)
    }

    mutating func append<Row: PlayerValues>(_ row: Row) throws {
        try PageEncoding.appendPlayer(row, asOf: asOf, index: index, to: &bytes)
        index += 1
    }

    /// Ends the list and the object, with `links` (name and URL, null when there is none) and `suggestions` (left
    /// out when there are none) in between.
    mutating func close(links: [(String, String?)], suggestions: [ValueSuggestion] = []) {
        PageEncoding.appendClosing(links: links, suggestions: suggestions, to: &bytes)
        bytes.append(UInt8(ascii: "\n"))
    }
}
