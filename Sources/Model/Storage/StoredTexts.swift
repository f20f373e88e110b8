/// A player's values as stored, each as text, read without rosterdb's rules (`PlayerReading.storedTexts(id:)`).
package struct StoredTexts: Sendable, Equatable {
    /// Each known value as the store spells it in text; one that is not UTF-8 with its bytes written `\xC3`.
    package var values: [PlayerField: String] = [:]
    /// The fields whose stored text is not UTF-8, which no text can give back as stored: they are shown, never
    /// written back.
    package var notUTF8: Set<PlayerField> = []

    package init() {}
}
