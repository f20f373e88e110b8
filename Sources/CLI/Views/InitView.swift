/// The lines `init` prints about the sample roster.
enum InitView {
    static func sampleLine(added: Int, total: Int) -> String {
        if added > 0 { return "Loaded the sample roster: \(added) players." }
        return "The roster already has \(total) player\(total == 1 ? "" : "s"); the sample roster was not loaded."
    }
}
