extension BinaryInteger {
    /// The number with thousands separated by commas: `1,204`.
    package var groupedDigits: String {
        let digits = String(magnitude)
        var result = self < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }
}
