import MizanProtocol
import Testing
@testable import MizanRehearsal

/// The drop-mid-handshake regression with a few seeds: every pair it sees is
/// one the agreement rule allows, each drop point reaches the endings it is
/// about, and the same arguments give the same table.
@Suite struct DropRegressionTests {
    static let seeds: [UInt64] = Array(1...5)

    @Test func everyDropWithFiveSeedsAgrees() throws {
        let table = try DropRegression.run(cases: DropRegression.cases, seeds: Self.seeds)
        #expect(table.violations.isEmpty, "\(table.violations.map { "\($0.drop.label) seed \($0.seed): \($0.description)" })")
        #expect(table.rows.count == DropRegression.cases.count)
        #expect(table.rows.allSatisfy { $0.runs == Self.seeds.count })
        let seen = Set(table.pairs.flatMap(\.endings))
        for ending in [Ending.linkLostBeforeKey, .linkLostAfterKeyBeforeAmount, .linkLostAfterAmountSent, .linkLostWhileReviewing, .linkLostAfterConfirmBeforePick] {
            #expect(seen.contains(ending), "ending \(ending.rawValue) never reached; saw \(seen.sorted())")
        }
    }

    @Test func theSameArgumentsGiveTheSameCSVAndChart() throws {
        let cases = Array(DropRegression.cases.prefix(8))
        let first = try DropRegression.run(cases: cases, seeds: [1, 2])
        let second = try DropRegression.run(cases: cases, seeds: [1, 2])
        let csv = RegressionCSV.render(first)
        #expect(csv == RegressionCSV.render(second))
        #expect(csv.hasPrefix(RegressionCSV.header + "\n"))
        #expect(RegressionChart.render(first, title: "t") == RegressionChart.render(second, title: "t"))
        #expect(RegressionChart.render(first, title: "t").contains("<svg "))
    }

    @Test func aRejectedPairOrAnUnendedRunIsAViolation() {
        var table = RegressionTable()
        let drop = DropRegression.cases[0]
        table.add(drop, seed: 9, run: DropRun(pairs: [EndingPair(host: .paid, phone: .youDeclined)], unended: 1))
        #expect(table.violations.map(\.seed) == [9, 9])
        #expect(table.rows[0].counts[0].endings.isEmpty)
    }
}
