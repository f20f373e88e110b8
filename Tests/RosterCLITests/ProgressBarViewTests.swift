import RosterService
import Testing

@testable import RosterCLI

@Suite struct ProgressBarViewTests {
    @Test func aKnownSizeShowsBarPercentRateAndTimeLeft() {
        let progress = ImportProgress(records: 400_000, bytesRead: 60_100_000, totalBytes: 150_250_000)
        #expect(
            ProgressBarView.render(progress, elapsed: 2, width: 120)
                == "[########------------]  40%  400,000 records  60.1 MB  200,000 records/s  ETA 3 s")
    }

    @Test func anUnknownSizeShowsCountsOnly() {
        let progress = ImportProgress(records: 4_096, bytesRead: 650_000, totalBytes: nil)
        #expect(ProgressBarView.render(progress, elapsed: 0.5, width: 120) == "4,096 records  0.6 MB  8,192 records/s")
    }

    @Test func partsThatDoNotFitAreLeftOffWhole() {
        let progress = ImportProgress(records: 400_000, bytesRead: 60_100_000, totalBytes: 150_250_000)
        #expect(
            ProgressBarView.render(progress, elapsed: 2, width: 50) == "[########------------]  40%  400,000 records")
        #expect(ProgressBarView.render(progress, elapsed: 2, width: 5) == "")
    }

    @Test func theLastStepsSayWhatIsHappening() {
        let progress = ImportProgress(phase: .finishing, records: 1_000_000, bytesRead: 0, totalBytes: nil)
        #expect(ProgressBarView.render(progress, elapsed: 9, width: 80) == "1,000,000 records read  committing…")
    }

    @Test func buildingTheIndexesShowsItsStepsAndTheTimeLeft() {
        let first = ImportProgress(
            phase: .building(completed: 0, total: 6), records: 1_000_000, bytesRead: 0,
            totalBytes: nil)
        #expect(
            ProgressBarView.render(first, elapsed: 9, phaseElapsed: 0, width: 100)
                == "[--------------------]  building indexes 0/6  1,000,000 records")
        let third = ImportProgress(
            phase: .building(completed: 2, total: 6), records: 1_000_000, bytesRead: 0,
            totalBytes: nil)
        #expect(
            ProgressBarView.render(third, elapsed: 12, phaseElapsed: 3, width: 100)
                == "[######--------------]  building indexes 2/6  1,000,000 records  ETA 6 s")
    }
}
