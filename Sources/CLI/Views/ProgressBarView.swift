import RosterModel
import RosterService

/// One line of import progress: a bar, records, bytes, rate and time left.
enum ProgressBarView {
    /// `[########------------]  40%  400,000 records  60.1 MB  210,512 records/s  ETA 3 s`; without a known
    /// total size there is no bar, percentage or ETA.
    static func render(_ progress: ImportProgress, elapsed: Double, width: Int) -> String {
        let rate = elapsed > 0 ? Int(Double(progress.records) / elapsed) : 0
        var parts = [
            "\(progress.records.groupedDigits) records", megabytes(progress.bytesRead),
            "\(rate.groupedDigits) records/s",
        ]
        if let total = progress.totalBytes, total > 0 {
            let fraction = min(1, Double(progress.bytesRead) / Double(total))
            let barWidth = 20
            let filled = Int(fraction * Double(barWidth))
            let bar = "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: barWidth - filled) + "]"
            let remaining = fraction > 0 ? elapsed * (1 - fraction) / fraction : 0
            parts.insert(contentsOf: [bar, "\(Int(fraction * 100))%"], at: 0)
            parts.append("ETA \(Int(remaining.rounded())) s")
        }
        let line = parts.joined(separator: "  ")
        return line.count > width ? String(line.prefix(max(0, width - 1))) : line
    }

    private static func megabytes(_ bytes: Int) -> String {
        let tenths = bytes / 100_000
        return "\(tenths / 10).\(tenths % 10) MB"
    }
}
