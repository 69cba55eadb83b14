import Testing
import MizanRecordings

@Suite struct ExperimentRunnerTests {
    @Test func withoutSpreadEveryStrategyFindsTheNearestTill() throws {
        let plan = try ExperimentPlan.parse("""
        {"seeds": 20, "tills": 5, "tillSpacing": [2], "packetSigma": [0], "scanWindow": [0.5],
         "strategies": [{"name": "strongest"}, {"name": "mean"}, {"name": "kalman"}, {"name": "confident", "base": "median"}]}
        """, file: "exp.json")
        for result in ExperimentRunner(plan: plan).run() {
            #expect(result.accuracy == 1, "\(result.cell.strategy.label)")
            #expect(result.wrongTillRate == 0)
            #expect(result.timeToDecide.p50 == 0.5)
        }
    }

    @Test func closerTillsAreHarderToTellApart() throws {
        let plan = try ExperimentPlan.parse("""
        {"seeds": 150, "tillSpacing": [0.5, 4], "packetSigma": [6], "scanWindow": [1], "strategies": [{"name": "mean"}]}
        """, file: "exp.json")
        let results = ExperimentRunner(plan: plan).run()
        #expect(results[0].accuracy + 0.2 < results[1].accuracy, "\(results[0].accuracy) at 0.5 m, \(results[1].accuracy) at 4 m")
    }

    @Test func theSamePlanGivesTheSameCSV() throws {
        let plan = try ExperimentPlan.parse("""
        {"seeds": 30, "tillSpacing": [1], "ricianKdB": [7], "tillOffsetSigma": [3], "linkShadowingSigma": [2],
         "strategies": [{"name": "ema"}, {"name": "confident", "base": "mean", "margin": 6}]}
        """, file: "exp.json")
        let first = ExperimentRunner(plan: plan).run().map(\.csvRow)
        #expect(first == ExperimentRunner(plan: plan).run().map(\.csvRow))
        #expect(first.allSatisfy { $0.split(separator: ",").count == ExperimentResult.csvHeader.split(separator: ",").count })
    }

    @Test func thePlotHasALinePerStrategy() throws {
        let plan = try ExperimentPlan.parse("""
        {"seeds": 5, "tillSpacing": [1, 2], "strategies": [{"name": "mean"}, {"name": "median"}]}
        """, file: "exp.json")
        let svg = AccuracyPlot.svg(ExperimentRunner(plan: plan).run(), title: "t")
        #expect(svg.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.components(separatedBy: "<polyline").count == 3)
    }
}

private extension String {
    func components(separatedBy separator: String) -> [Substring] {
        var parts: [Substring] = []
        var rest = self[...]
        while let range = rest.firstRange(of: separator) {
            parts.append(rest[..<range.lowerBound])
            rest = rest[range.upperBound...]
        }
        return parts + [rest]
    }
}
