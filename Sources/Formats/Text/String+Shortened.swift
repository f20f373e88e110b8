extension String {
    /// The text cut to at most `limit` characters (Unicode scalars), the last of them `…` when it was cut, so that a
    /// hostile 16 KB value does not flood a message.
    package func shortened(to limit: Int) -> String {
        let scalars = unicodeScalars
        guard scalars.count > limit else { return self }
        return String(String.UnicodeScalarView(scalars.prefix(Swift.max(limit - 1, 0)))) + "…"
    }
}
