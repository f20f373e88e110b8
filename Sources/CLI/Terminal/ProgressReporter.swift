import Glibc
import RosterModel
import RosterService

/// Draws import progress on a terminal's standard error, at most ten times a second, on one line that it
/// rewrites and finally clears.
final class ProgressReporter {
    private let output: TextOutput
    private let width: Int
    private let started = MonotonicClock.now()
    private var lastDrawn = -1.0
    private var lastPhase = ImportProgress.Phase.reading
    /// When the phase being shown began, for the time left of a phase that counts steps.
    private var phaseStarted = 0.0
    private var drawn = false

    init(output: TextOutput, width: Int) {
        self.output = output
        self.width = width
    }

    func update(_ progress: ImportProgress) {
        let elapsed = MonotonicClock.seconds(since: started)
        // A new phase or step is always shown; within one, at most ten redraws a second.
        guard elapsed - lastDrawn >= 0.1 || progress.phase != lastPhase else { return }
        if !ProgressReporter.isSamePhase(progress.phase, lastPhase) { phaseStarted = elapsed }
        lastDrawn = elapsed
        lastPhase = progress.phase
        drawn = true
        try? output.write(
            "\r\u{1B}[K"
                + ProgressBarView.render(progress, elapsed: elapsed, phaseElapsed: elapsed - phaseStarted, width: width)
        )
        try? output.flush()
    }

    /// Whether two phases are the same one, whatever their step.
    private static func isSamePhase(_ a: ImportProgress.Phase, _ b: ImportProgress.Phase) -> Bool {
        switch (a, b) {
        case (.reading, .reading), (.building, .building), (.finishing, .finishing): true
        default: false
        }
    }

    /// Removes the bar, so that what follows starts on a clean line.
    func clear() {
        guard drawn else { return }
        try? output.write("\r\u{1B}[K")
        try? output.flush()
    }
}
