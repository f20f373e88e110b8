import RosterModel
import RosterService
import Glibc

/// Draws import progress on a terminal's standard error, at most ten times a second, on one line that it
/// rewrites and finally clears.
final class ProgressReporter {
    private let output: TextOutput
    private let width: Int
    private let started = MonotonicClock.now()
    private var lastDrawn = -1.0
    private var lastPhase = ImportProgress.Phase.reading
    private var drawn = false

    init(output: TextOutput, width: Int) {
        self.output = output
        self.width = width
    }

    func update(_ progress: ImportProgress) {
        let elapsed = MonotonicClock.seconds(since: started)
        // A new phase is always shown; within one, at most ten redraws a second.
        guard elapsed - lastDrawn >= 0.1 || progress.phase != lastPhase else { return }
        lastDrawn = elapsed
        lastPhase = progress.phase
        drawn = true
        try? output.write("\r\u{1B}[K" + ProgressBarView.render(progress, elapsed: elapsed, width: width))
        try? output.flush()
    }

    /// Removes the bar, so that what follows starts on a clean line.
    func clear() {
        guard drawn else { return }
        try? output.write("\r\u{1B}[K")
        try? output.flush()
    }
}
