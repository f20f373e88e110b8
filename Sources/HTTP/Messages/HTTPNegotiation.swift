/// What a request's `Accept` and `Accept-Encoding` fields ask for (RFC 9110 §12.5): each a list of ranges or codings,
/// each with an optional quality (`;q=0.5`, 1 when none is given, 0 meaning "not this").
package enum HTTPNegotiation {
    /// Whether the `Accept-Encoding` values accept `coding` (`gzip`, whose old name `x-gzip` counts too): named with
    /// a quality above 0, or not named and `*` accepted. No field accepts no coding: the body is sent as it is.
    package static func accepts(coding: String, in values: [String]) -> Bool {
        let names = coding == "gzip" ? ["gzip", "x-gzip"] : [coding]
        let entries = values.flatMap(elements)
        if let named = entries.first(where: { names.contains($0.name) }) { return named.quality > 0 }
        return entries.first { $0.name == "*" }.map { $0.quality > 0 } ?? false
    }

    /// The first of `types` (`text/csv`) with the highest quality above 0 in the `Accept` values, each type taking
    /// the quality of the most specific range it falls in (`text/csv`, then `text/*`, then `*/*`); nil when there is
    /// no field, or none of `types` is accepted.
    package static func preferred(_ types: [String], in values: [String]) -> String? {
        let entries = values.flatMap(elements)
        var best: (type: String, quality: Double)?
        for type in types {
            let main = type.prefix { $0 != "/" }
            let quality =
                entries.first { $0.name == type }?.quality
                ?? entries.first { $0.name == main + "/*" }?.quality
                ?? entries.first { $0.name == "*/*" }?.quality ?? 0
            if quality > 0 && quality > (best?.quality ?? 0) { best = (type, quality) }
        }
        return best?.type
    }

    /// The elements of one field's value: each name in lower case, without its parameters, and its quality.
    private static func elements(_ value: String) -> [(name: String, quality: Double)] {
        value.split(separator: ",").compactMap { element in
            let parts = element.split(separator: ";")
            guard let first = parts.first else { return nil }
            let name = first.trimmingWhiteSpace().lowercased()
            guard !name.isEmpty else { return nil }
            var quality = 1.0
            for parameter in parts.dropFirst() {
                let pair = parameter.trimmingWhiteSpace().lowercased()
                guard pair.hasPrefix("q=") else { continue }
                // A quality that is not a number from 0 to 1 (RFC 9110 §12.4.2) refuses what it qualifies.
                quality = Double(pair.dropFirst(2)).flatMap { (0...1).contains($0) ? $0 : nil } ?? 0
            }
            return (name, quality)
        }
    }
}
