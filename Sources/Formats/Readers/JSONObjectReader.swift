/// Reads one JSON object, the whole input, strictly as RFC 8259 has it: a player given alone (the HTTP API's
/// writes), read as the JSON readers read each record, so that its fields reach the validator as an import's do.
package struct JSONObjectReader {
    private var parser: JSONValueParser

    /// A reader of the object in `source`.
    package init(source: ByteSource) {
        parser = JSONValueParser(source: source, allowsLineFeeds: true)
    }

    /// The object's fields as record 1; throws for anything but one object and white space around it.
    package mutating func read() throws(ReadError) -> RawRecord {
        try parser.cursor.skipByteOrderMark()
        guard try parser.skipWhitespace() == .openBrace else { throw parser.unexpected(expecting: "a JSON object") }
        let location = parser.cursor.location
        let fields = try parser.readFields(depth: 1)
        if let problem = parser.recordProblem {
            parser.recordProblem = nil
            throw problem
        }
        if try parser.skipWhitespace() != nil {
            let after = parser.cursor.location
            let found = try parser.cursor.foundDescription()
            throw parser.cursor.error("unexpected \(found) after the object; only white space may follow it", at: after)
        }
        return RawRecord(number: 1, location: location, fields: fields)
    }
}
