import RosterModel

extension ValueSuggestion {
    /// The most values offered for one given value.
    static let limit = 3

    /// The known values nearest to `given` (folded as keys are), best first: those that score best (`score`), at
    /// most `limit` of them, in the order of their keys; none when nothing is near.
    static func nearest(to given: String, among known: [KnownValue]) -> [KnownValue] {
        let typed = NameFolding.fold(given)
        let typedWords = NameFolding.words(typed)
        let scored = known.map { ($0, score(typed, typedWords, $0.key)) }
        guard let best = scored.map(\.1).max(), best > 0 else { return [] }
        return Array(scored.filter { $0.1 == best }.map(\.0).prefix(limit))
    }

    /// How near `key` is to what was typed (both folded), 0 when not at all: a typo (a few edits, at most a third
    /// of the letters) scores highest, then one text starting the other (`inter miami cf`, `inter miami`), then the
    /// share of words that abbreviate one another (`man utd` for `manchester united`: both words; `man city`: one
    /// of two).
    static func score(_ typed: String, _ typedWords: [String], _ key: String) -> Int {
        let distance = Suggestion.editDistance(typed, key)
        if distance <= max(1, typed.count / 3) { return 1_000 - distance }
        if key.hasPrefix(typed) || typed.hasPrefix(key) { return 500 }
        let keyWords = NameFolding.words(key)
        let matched = keyWords.filter { word in typedWords.contains { abbreviates(word, $0) || abbreviates($0, word) } }
        return matched.count * 100 / max(keyWords.count, typedWords.count, 1)
    }

    /// Whether `short` stands for `long`: it starts it (`man`, `manchester`), or holds its first letter and then
    /// some of its others in order (`utd`, `united`). A single letter (`nott'm`) stands for nothing.
    static func abbreviates(_ short: String, _ long: String) -> Bool {
        guard short.count > 1, let first = short.first, first == long.first, short.count <= long.count else {
            return false
        }
        if long.hasPrefix(short) { return true }
        var rest = long.dropFirst()[...]
        for character in short.dropFirst() {
            guard let found = rest.firstIndex(of: character) else { return false }
            rest = rest[rest.index(after: found)...]
        }
        return true
    }
}
