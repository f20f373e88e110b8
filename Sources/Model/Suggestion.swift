/// The likely intended word for a typo: `--dry` for `--dry-run`, `goalz` for `goals`, `querry` for `query`.
package enum Suggestion {
    /// The candidate `text` most likely stands for: the only one it is a prefix of, else the nearest by edit
    /// distance when that is small for its length (at most a third of its letters); nil when none is close. Leading
    /// dashes are not letters: `--id` is not close to `--db`.
    package static func nearest(to text: String, among candidates: [String]) -> String? {
        func word(_ text: String) -> String { String(text.drop { $0 == "-" }).lowercased() }
        let typed = word(text)
        guard !typed.isEmpty else { return nil }
        let extending = candidates.filter { word($0).hasPrefix(typed) && word($0).count > typed.count }
        if extending.count == 1 { return extending[0] }
        let scored = candidates.map { ($0, editDistance(typed, word($0))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 > 0 else { return nil }
        return best.1 <= typed.count / 3 ? best.0 : nil
    }

    /// Edit distance between two strings, by characters: insertions, deletions, substitutions and transpositions of
    /// neighbours (`sotr` is one edit from `sort`) each count one.
    package static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        // Rows i-2, i-1 and i of the table of distances between prefixes.
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
