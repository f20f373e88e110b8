extension StringProtocol {
    /// Without spaces and tabs at either end (the optional white space around a field's value and its list
    /// elements, RFC 9110 §5.6.3).
    func trimmingWhiteSpace() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
