import RosterService
import Testing

@testable import RosterCLI

@Suite struct ProgressBarViewTests {
    @Test func aKnownSizeShowsBarPercentRateAndTimeLeft() {
        let progress = ImportProgress(records: 400_000, bytesRead: 60_100_000, totalBytes: 150_250_000)
        #expect(ProgressBarView.render(progress, elapsed: 2, width: 120)
                == "[########------------]  40%  400,000 records  60.1 MB  200,000 records/s  ETA 3 s")
    }

    @Test func anUnknownSizeShowsCountsOnly() {
        let progress = ImportProgress(records: 4_096, bytesRead: 650_000, totalBytes: nil)
        #expect(ProgressBarView.render(progress, elapsed: 0.5, width: 120) == "4,096 records  0.6 MB  8,192 records/s")
    }

    @Test func partsThatDoNotFitAreLeftOffWhole() {
        let progress = ImportProgress(records: 400_000, bytesRead: 60_100_000, totalBytes: 150_250_000)
        #expect(ProgressBarView.render(progress, elapsed: 2, width: 50) == "[########------------]  40%  400,000 records")
        #expect(ProgressBarView.render(progress, elapsed: 2, width: 5) == "")
    }

    @Test func theLastStepsSayWhatIsHappening() {
        let progress = ImportProgress(phase: .finishing, records: 1_000_000, bytesRead: 0, totalBytes: nil)
        #expect(ProgressBarView.render(progress, elapsed: 9, width: 80)
                == "1,000,000 records read  building indexes and committing…")
    }
}
