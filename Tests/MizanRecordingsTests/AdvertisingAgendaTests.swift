import Testing
import MizanTime
@testable import MizanRecordings

/// An experiment's agenda of advertising gives the till a pass over every till would: the
/// earliest, the lowest of those tied.
@Suite struct AdvertisingAgendaTests {
    @Test func theAgendaGivesTheEarliestTillAndTheLowestOfThoseTiedAsAPassOverEveryTillDoes() {
        var draws = SeededGenerator(seed: 5)
        for tills in [1, 2, 3, 7, 100] {
            // Times on a coarse grid, so that ties are common.
            var times = (0..<tills).map { _ in Double(Int(draws.uniform(0...20))) / 4 }
            var agenda = AdvertisingAgenda(times)
            var ties = 0
            for _ in 0..<2_000 {
                let till = times.indices.min { times[$0] < times[$1] }!
                if times.filter({ $0 == times[till] }).count > 1 { ties += 1 }
                #expect(agenda.first.till == till && agenda.first.at == times[till], "\(tills) tills")
                times[till] += Double(Int(draws.uniform(0...8))) / 4
                agenda.moveFirst(to: times[till])
            }
            if tills > 2 { #expect(ties > 100, "\(ties) ties with \(tills) tills") }
        }
    }
}
