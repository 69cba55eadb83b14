import Foundation
import Testing
import MizanFormats
@testable import mizan
@testable import mizan_bench
import MizanTestSupport

/// An option of the wrong mode or strategy is named as such; mizan-bench reads
/// its command line as the other commands do; --out and --trace go together.
@Suite struct OptionMessageTests {
    @Test func aSoakOptionOfTheOtherModeSaysWhichModeTakesIt() {
        let check = RunCommandTests.failure { try SoakCommand.main(["--check", "floor.json", "--runs", "3"]) }
        #expect(check?.message == "mizan soak: --runs is taken by a soak of many runs (mizan soak without --check), not here")
        #expect(check?.status == 2)
        let many = RunCommandTests.failure { try SoakCommand.main(["--runs", "3", "--seed", "4"]) }
        #expect(many?.message.hasPrefix("mizan soak: --seed is taken by one floor's check") == true, "\(many?.message ?? "accepted")")
    }

    @Test func aStrategyOptionTheStrategyDoesNotTakeNamesTheStrategiesThatDo() {
        let failure = RunCommandTests.failure { try SelectCommand.main(["--tills", "t", "--trace", "r", "--strategy", "mean", "--margin", "3"]) }
        #expect(failure?.message == "mizan select: --margin is taken by --strategy hysteresis, confident (this is mean), not here")
        #expect(failure?.status == 2)
        let base = RunCommandTests.failure { try SelectCommand.main(["--tills", "t", "--trace", "r", "--strategy", "strongest", "--base", "mean"]) }
        #expect(base?.message.contains("--base is taken by the wrappers") == true, "\(base?.message ?? "accepted")")
    }

    @Test func benchTakesItsWorkloadAnywhereAndNamesWhatIsWrong() throws {
        #expect(try BenchOptions.parse(["--scale", "0.001", "W0"]).workload == "W0")
        #expect(try BenchOptions.parse(["--seed", "3", "W2", "--jobs", "1"]).seed == 3)
        for (arguments, message) in [(["W1", "W2"], "one workload at a time: got W1 and W2"), (["--fast"], "unknown option '--fast'"),
                                     (["--scale", "0.001"], "missing workload"), (["W1", "--seed"], "--seed needs a value")] {
            let error = #expect(throws: BenchOptions.Invalid.self) { try BenchOptions.parse(arguments) }
            #expect(error?.description.hasPrefix(message) == true, "\(arguments): \(error?.description ?? "accepted")")
        }
    }

    @Test func aRunFolderAndATraceElsewhereBothGetWritten() throws {
        let directory = ScratchFolder.path("mizan-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let status = try RunCommand.main(["--minutes", "0.2", "--out", directory + "/o", "--trace", directory + "/t.jsonl", "--jobs", "1"])
        #expect(status == 0)
        let trace = try String(contentsOfFile: directory + "/t.jsonl", encoding: .utf8)
        #expect(trace.hasPrefix("{\"t\":"))
        let files = try FileManager.default.contentsOfDirectory(atPath: directory + "/o")
        #expect(files.contains("report.html") && files.contains("run.json") && !files.contains("trace.jsonl"))
    }
}
