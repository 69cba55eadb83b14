import Testing
@testable import mizan

@Suite struct CommandLineTests {
    static func usageError(_ body: () throws -> Int32) -> String? {
        do {
            _ = try body()
            return nil
        } catch let error as UsageError {
            return error.description
        } catch {
            return "not a usage error: \(error)"
        }
    }

    @Test func selectRejectsAnUnknownOption() {
        #expect(Self.usageError { try SelectCommand.main(["--tills", "t.csv", "--trace", "r.csv", "--verbose"]) } == "mizan select: unknown option '--verbose'")
    }

    @Test func selectRejectsAParameterItsStrategyDoesNotTake() {
        #expect(Self.usageError { try SelectCommand.main(["--tills", "t.csv", "--trace", "r.csv", "--strategy", "mean", "--margin", "3"]) }
            == "mizan select: --margin is taken by --strategy hysteresis, confident (this is mean), not here")
        #expect(Self.usageError { try SelectCommand.main(["--tills", "t.csv", "--trace", "r.csv", "--strategy", "loudest"]) }?
            .hasPrefix("mizan select: --strategy expects one of strongest") == true)
        #expect(Self.usageError { try SelectCommand.main(["--tills", "t.csv", "--trace", "r.csv", "--strategy", "confident", "--base", "hysteresis"]) }?
            .hasPrefix("mizan select: the base of 'confident' must be a scoring strategy") == true)
    }

    @Test func selectNeedsBothFiles() {
        #expect(Self.usageError { try SelectCommand.main(["--trace", "r.csv"]) } == "mizan select: --tills FILE is required")
    }

    @Test func importRejectsAnUnknownOptionAndFormat() {
        #expect(Self.usageError { try ImportCommand.main(["danis", "in", "out", "--force"]) } == "mizan import: unknown option '--force'")
        #expect(Self.usageError { try ImportCommand.main(["ble", "in", "out"]) } == "mizan import: unknown format 'ble' (expected danis)")
        #expect(Self.usageError { try ImportCommand.main(["danis", "in", "out", "extra"]) } == "mizan import: unexpected argument 'extra'")
    }

    @Test func calibrateRejectsAnUnknownOption() {
        #expect(Self.usageError { try CalibrateCommand.main(["--tills", "t.csv", "--trace", "r.csv", "--offsets"]) } == "mizan calibrate: unknown option '--offsets'")
    }

    @Test func experimentRejectsAnUnknownOption() {
        #expect(Self.usageError { try ExperimentCommand.main(["exp.json", "--png", "a.png"]) } == "mizan rssi-experiment: unknown option '--png'")
        #expect(Self.usageError { try ExperimentCommand.main([]) }?.hasPrefix("mizan rssi-experiment: needs EXP.json") == true)
    }

    @Test func everyNewCommandAnswersHelp() throws {
        #expect(try SelectCommand.main(["--help"]) == 0)
        #expect(try ImportCommand.main(["--help"]) == 0)
        #expect(try CalibrateCommand.main(["--help"]) == 0)
        #expect(try ExperimentCommand.main(["--help"]) == 0)
        #expect(try EvaluateCommand.main(["--help"]) == 0)
    }

    @Test func evaluateRejectsAnUnknownFamilyAndOption() {
        #expect(Self.usageError { try EvaluateCommand.main(["--tills", "t.csv", "--trace", "r.csv", "--family", "loudest"]) }?
            .hasPrefix("mizan evaluate: --family expects one of strongest, mean") == true)
        #expect(Self.usageError { try EvaluateCommand.main(["--tills", "t.csv", "--trace", "r.csv", "--folds", "3"]) } == "mizan evaluate: unknown option '--folds'")
    }

    @Test func selectRefusesAPositionStrategyWithoutACalibrationAndAWalkForAnotherStrategy() {
        let tills = "t.csv", trace = "r.csv"
        #expect(Self.usageError { try SelectCommand.main(["--tills", tills, "--trace", trace, "--strategy", "position"]) }
            == "mizan select: 'position' needs --calibration FILE (mizan calibrate's output) or --walk FILE")
        #expect(Self.usageError { try SelectCommand.main(["--tills", tills, "--trace", trace, "--strategy", "fingerprint"]) }
            == "mizan select: fingerprint learns from a calibration walk: --walk FILE is required")
        #expect(Self.usageError { try SelectCommand.main(["--tills", tills, "--trace", trace, "--strategy", "mean", "--walk", trace]) }
            == "mizan select: --calibration and --walk are for the position-based strategies (position, fingerprint)")
    }
}
