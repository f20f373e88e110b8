/// A value of a field that some player has (`PlayerReading.knownValues(of:)`): its folded key, as filters compare
/// it, and the text of one player who has it, as it is shown.
package struct KnownValue: Hashable, Sendable {
    /// The value folded for case and accents (`NameFolding.fold`).
    package var key: String
    package var text: String

    package init(key: String, text: String) {
        self.key = key
        self.text = text
    }
}
