import Testing
import MizanRecordings

@Suite struct ExperimentPlanTests {
    static let file = "exp.json"

    static func error(_ json: String) -> String? {
        do {
            _ = try ExperimentPlan.parse(json, file: file)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aGoodFileReadsEveryAxis() throws {
        let plan = try ExperimentPlan.parse("""
        {"seeds": 10, "tills": 5, "tillSpacing": [0.5, 2], "ricianKdB": [null, 7], "scanWindow": [0.5, 1],
         "radio": {"pathLossExponent": 2.0},
         "strategies": [{"name": "mean"}, {"name": "confident", "base": "median", "margin": 4, "deadline": 2}]}
        """, file: Self.file)
        #expect(plan.cells.count == 2 * 2 * 2 * 2)
        #expect(plan.radio.pathLossExponent == 2.0)
        #expect(plan.cells.first?.strategy.label == "mean window=0.5")
        #expect(plan.cells.last?.strategy.label == "confident(median) margin=4 deadline=2 window=1")
    }

    @Test func aPositionStrategyThatWaitsForALeadCountsAWindowOfCellSamplesAtEveryAsk() throws {
        func cellSamples(_ strategy: String) throws -> Double {
            try ExperimentPlan.parse(#"{"seeds": 2, "tills": 5, "tillSpacing": [2], "scanWindow": [0.5], "strategies": [\#(strategy)]}"#, file: Self.file).work.cellSamples
        }
        let once = try cellSamples(#"{"name": "position"}"#)
        #expect(once > 0)
        // Asks at 0.5, 1, ..., 3.5 s: the first at or past its 3 s deadline is the seventh.
        #expect(try cellSamples(#"{"name": "confident", "base": "position", "margin": 6, "deadline": 3}"#) == 7 * once)
        // Find's own 10 s deadline ends any wait.
        #expect(try cellSamples(#"{"name": "confident", "base": "position", "margin": 6, "deadline": 30}"#) == 20 * once)
        #expect(try cellSamples(#"{"name": "hysteresis", "base": "position", "margin": 6}"#) == once)
    }

    @Test func anUnknownTopLevelFieldIsNamedWithWhatWasExpected() {
        let message = Self.error(#"{"tillSpacing": [1], "strategies": [{"name": "mean"}], "seed": 3}"#)
        #expect(message?.hasPrefix(#"exp.json: field 'seed': unknown field; expected one of "tillSpacing", "strategies", "seeds", "firstSeed","#) == true, "\(message ?? "")")
    }

    @Test func anUnknownStrategyFieldIsNamedWithItsPath() {
        let message = Self.error(#"{"tillSpacing": [1], "strategies": [{"name": "mean"}, {"name": "ema", "tau": 1}]}"#)
        #expect(message?.hasPrefix("exp.json: field 'strategies[1].tau': unknown field; expected one of \"name\", \"base\",") == true, "\(message ?? "")")
    }

    @Test func anUnknownRadioFieldIsNamed() {
        let message = Self.error(#"{"tillSpacing": [1], "strategies": [{"name": "mean"}], "radio": {"txPower": 0}}"#)
        #expect(message?.hasPrefix("exp.json: field 'radio.txPower': unknown field; expected one of \"referenceRSSI\",") == true, "\(message ?? "")")
    }

    @Test func aValueOfTheWrongTypeSaysWhatWasExpected() {
        #expect(Self.error(#"{"tillSpacing": "2", "strategies": [{"name": "mean"}]}"#)
            == "exp.json: field 'tillSpacing': expected a non-empty array of numbers, each from 0.1 to 100, got \"2\"")
    }

    @Test func aValueOutOfRangeSaysTheRange() {
        #expect(Self.error(#"{"tillSpacing": [1, 500], "strategies": [{"name": "mean"}]}"#)
            == "exp.json: field 'tillSpacing[1]': expected a number from 0.1 to 100, got 500")
        #expect(Self.error(#"{"tillSpacing": [1], "seeds": 2.5, "strategies": [{"name": "mean"}]}"#)
            == "exp.json: field 'seeds': expected a whole number from 1 to 1000000, got 2.5")
    }

    @Test func aMissingRequiredFieldIsNamed() {
        #expect(Self.error(#"{"strategies": [{"name": "mean"}]}"#)
            == "exp.json: field 'tillSpacing': missing; expected a non-empty array of numbers, each from 0.1 to 100")
    }

    @Test func anUnknownStrategyNameListsTheKnownOnes() {
        #expect(Self.error(#"{"tillSpacing": [1], "strategies": [{"name": "loudest"}]}"#)
            == #"exp.json: field 'strategies[0].name': expected one of "strongest", "mean", "median", "ema", "kalman", "position", "fingerprint", "hysteresis", "confident", got "loudest""#)
    }

    @Test func aParameterTheStrategyDoesNotTakeIsRefused() {
        #expect(Self.error(#"{"tillSpacing": [1], "strategies": [{"name": "mean", "margin": 3}]}"#)
            == "exp.json: field 'strategies[0]': strategy 'mean' has no parameter 'margin' (it takes: window)")
    }

    @Test func aWrapperWithoutABaseIsRefused() {
        #expect(Self.error(#"{"tillSpacing": [1], "strategies": [{"name": "hysteresis"}]}"#)?.hasPrefix("exp.json: field 'strategies[0]': strategy 'hysteresis' needs a base") == true)
    }

    @Test func aStrategyWindowIsRefusedInFavourOfScanWindow() {
        #expect(Self.error(#"{"tillSpacing": [1], "strategies": [{"name": "mean", "window": 2}]}"#)?.contains("field 'strategies[0].window': not allowed") == true)
        // Nor is it listed among the fields a strategy here takes.
        let unknown = Self.error(#"{"tillSpacing": [1], "strategies": [{"name": "ema", "tau": 1}]}"#)
        #expect(unknown?.contains("field 'strategies[0].tau': unknown field; expected one of \"name\", \"base\", \"timeConstant\"") == true, "\(unknown ?? "read")")
    }

    @Test func malformedJSONGivesTheLineAndColumn() {
        #expect(Self.error("{\"tillSpacing\": [1,\n  2,,]}") == "exp.json: not valid JSON: line 2, column 5: unexpected character ',', expected a value")
        #expect(Self.error("") == "exp.json: not valid JSON: line 1, column 1: unexpected end of file, expected a value")
        #expect(Self.error("[1, 2]") == "exp.json: expected an object, got an array")
        #expect(Self.error(#"{"seeds": 1, "seeds": 2}"#)?.contains("field 'seeds' appears twice") == true)
    }
}
