import RosterModel
import RosterService

/// One line of import progress: a bar, records, bytes, rate and time left.
enum ProgressBarView {
    /// `[########------------]  40%  400,000 records  60.1 MB  210,512 records/s  ETA 3 s`; without a known
    /// total size there is no bar, percentage or ETA. While indexes are built, the bar counts the steps, and the time
    /// left is that of the steps done so far (`phaseElapsed` is the time spent building). Parts that do not fit
    /// `width` are left off from the end.
    static func render(_ progress: ImportProgress, elapsed: Double, phaseElapsed: Double = 0, width: Int) -> String {
        var parts: [String] = []
        switch progress.phase {
        case .finishing:
            parts = ["\(progress.records.groupedDigits) records read", "committing…"]
        case .building(let completed, let total):
            let fraction = total > 0 ? Double(completed) / Double(total) : 1
            parts = [
                bar(fraction), "building indexes \(completed)/\(total)", "\(progress.records.groupedDigits) records",
            ]
            if completed > 0 {
                parts.append("ETA \(Int((phaseElapsed / Double(completed) * Double(total - completed)).rounded())) s")
            }
        case .reading:
            let rate = elapsed > 0 ? Int(Double(progress.records) / elapsed) : 0
            if let total = progress.totalBytes, total > 0 {
                let fraction = min(1, Double(progress.bytesRead) / Double(total))
                parts.append(bar(fraction))
                parts.append("\(Int(fraction * 100))%")
                let remaining = fraction > 0 ? elapsed * (1 - fraction) / fraction : 0
                parts += [
                    progress.records.groupedDigits + " records", megabytes(progress.bytesRead),
                    "\(rate.groupedDigits) records/s", "ETA \(Int(remaining.rounded())) s",
                ]
            } else {
                parts += [
                    progress.records.groupedDigits + " records", megabytes(progress.bytesRead),
                    "\(rate.groupedDigits) records/s",
                ]
            }
        }
        var line = ""
        for part in parts {
            let next = line.isEmpty ? part : line + "  " + part
            guard next.count < width else { break }
            line = next
        }
        return line
    }

    /// `[########------------]` for 0.4.
    private static func bar(_ fraction: Double) -> String {
        let filled = Int(min(max(fraction, 0), 1) * 20)
        return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: 20 - filled) + "]"
    }

    private static func megabytes(_ bytes: Int) -> String {
        let tenths = bytes / 100_000
        return "\(tenths / 10).\(tenths % 10) MB"
    }
}
