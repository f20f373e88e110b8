import RosterModel

/// Texts compared as rosterdb compares names and tokens, ignoring case and surrounding white space (`None`, ` none`),
/// with a quick answer for the many texts none can equal — an ASCII text with nothing to trim whose length no key
/// has — so that checking every value of every record for a null token makes no new string for most.
struct TextKeys: Sendable, Equatable {
    /// The texts in the form they are compared in.
    private(set) var keys: Set<String> = []
    /// Bit n is set when a key is n bytes long; bit 63 for every key of 63 bytes or more.
    private var lengths: UInt64 = 0

    init(_ texts: some Sequence<String>) {
        for text in texts {
            let key = FieldNames.key(text)
            keys.insert(key)
            lengths |= 1 << UInt64(min(key.utf8.count, 63))
        }
    }

    var isEmpty: Bool { keys.isEmpty }

    func contains(_ text: String) -> Bool {
        if keys.isEmpty { return false }
        let bytes = text.utf8
        // ASCII keeps its length when lower-cased; a text with white space at an end may be a key once trimmed.
        if lengths & (1 << UInt64(min(bytes.count, 63))) == 0, bytes.first.map({ $0 > .space }) ?? true,
            bytes.last.map({ $0 > .space }) ?? true, bytes.allSatisfy({ $0 < 0x80 })
        {
            return false
        }
        return keys.contains(FieldNames.key(text))
    }
}
