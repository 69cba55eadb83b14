import Foundation
import MizanFormats
import Testing
@testable import mizan

/// One rule for every command's outputs (`OutputPaths`): no output over an
/// input, no empty path, folders made before any work, a run folder that holds
/// only its run's files, and no output a temporary file cannot be renamed onto.
@Suite struct OutputRuleTests {
    static func contents(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test func evaluateRefusesACSVOverItsTrace() throws {
        let recording = try Recording.write()
        let failure = RunCommandTests.failure { try EvaluateCommand.main(["--tills", recording.tills, "--trace", recording.trace, "--csv", recording.trace]) }
        #expect(failure?.status == 2)
        #expect(failure?.message == "mizan evaluate: --csv would write over the input '\(recording.trace)'; choose another path")
        #expect(try Self.contents(recording.trace) == Recording.trace)
    }

    @Test func twinRefusesAnOutputFolderWhoseFilesAreItsInputs() throws {
        let recording = try Recording.write()
        let radio = try Recording.radio()
        let failure = RunCommandTests.failure {
            try TwinCommand.main(["--tills", recording.tills, "--trace", recording.trace, "--radio", radio, "--out", recording.folder])
        }
        #expect(failure?.status == 2)
        #expect(failure?.message == "mizan twin: --out would write over the input '\(recording.tills)'; choose another path")
        #expect(try Self.contents(recording.trace) == Recording.trace)
        #expect(try Self.contents(recording.tills) == Recording.tills)
    }

    @Test func twinRefusesAJSONOverItsTrace() throws {
        let recording = try Recording.write()
        let radio = try Recording.radio()
        let failure = RunCommandTests.failure {
            try TwinCommand.main(["--tills", recording.tills, "--trace", recording.trace, "--radio", radio, "--compare", "--json", recording.trace])
        }
        #expect(failure?.message == "mizan twin: --json would write over the input '\(recording.trace)'; choose another path")
        #expect(try Self.contents(recording.trace) == Recording.trace)
    }

    @Test func twinRefusesAnEmptyOutputFolder() throws {
        let recording = try Recording.write()
        let radio = try Recording.radio()
        let failure = RunCommandTests.failure {
            try TwinCommand.main(["--tills", recording.tills, "--trace", recording.trace, "--radio", radio, "--out", ""])
        }
        #expect(failure?.message == "mizan twin: --out is an empty path; name a file or folder")
    }

    @Test func twinMakesItsOutputFolderAndWritesItsRecording() throws {
        let recording = try Recording.write()
        let radio = try Recording.radio()
        let out = try Recording.folder() + "/new/twin"
        #expect(try TwinCommand.main(["--tills", recording.tills, "--trace", recording.trace, "--radio", radio, "--out", out]) == 0)
        #expect(try Self.contents(out + "/tills.csv") == Recording.tills)
        #expect(try Self.contents(out + "/trace.csv").hasPrefix("t,phone,till,rssi,x,y,z\n"))
    }

    @Test func sweepRefusesAnOutputOverTheFloorFileItNames() throws {
        let folder = try Recording.folder()
        let floorText = #"{"minutes": 0.05, "tills": {"row": {"count": 1}}, "payers": {"arrivals": "pairs"}}"#
        try floorText.write(toFile: folder + "/floor.json", atomically: true, encoding: .utf8)
        try #"{"floor": "floor.json", "seeds": 1}"#.write(toFile: folder + "/sweep.json", atomically: true, encoding: .utf8)
        let failure = RunCommandTests.failure { try SweepCommand.main([folder + "/sweep.json", "--out", folder + "/floor.json"]) }
        #expect(failure?.status == 2)
        #expect(failure?.message == "mizan sweep: --out would write over the input '\(folder)/floor.json'; choose another path")
        #expect(try Self.contents(folder + "/floor.json") == floorText)
    }

    @Test func aSecondRunIntoOneFolderLeavesOnlyItsOwnFilesAllListedInRunJSON() throws {
        let directory = try OutputPathTests.folder()
        try "stale".write(toFile: directory + "/secure-link.svg", atomically: true, encoding: .utf8)
        try "stale".write(toFile: directory + "/timeline.svg", atomically: true, encoding: .utf8)
        // A run so short that no transaction reaches a secure link: it writes no secure-link.svg.
        #expect(try RunCommand.main(["--out", directory, "--minutes", "0.001", "--tills", "1", "--payers", "1"]) == 0)
        let run = try Self.contents(directory + "/run.json")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0 != RunFolder.marker }
        #expect(!names.contains("secure-link.svg"))
        for name in names { #expect(run.contains("\"\(name)\""), "\(name) is not listed in run.json: \(run)") }
    }

    @Test func aRunFolderHoldingAnotherFileIsRefusedAndLeftAlone() throws {
        let directory = try OutputPathTests.folder()
        try "mine".write(toFile: directory + "/notes.txt", atomically: true, encoding: .utf8)
        try "earlier".write(toFile: directory + "/summary.json", atomically: true, encoding: .utf8)
        let failure = RunCommandTests.failure { try RunCommand.main(["--out", directory, "--minutes", "0.001", "--tills", "1", "--payers", "1"]) }
        #expect(failure?.status == 2)
        #expect(failure?.message == "mizan run: --out '\(directory)' holds 'notes.txt', which mizan run does not write; give a new or empty folder, or the folder of an earlier run (whose files are replaced)")
        #expect(try Self.contents(directory + "/notes.txt") == "mine")
        #expect(try Self.contents(directory + "/summary.json") == "earlier")
    }

    @Test func aPipeOrADescriptorAsAnOutputIsRefusedBeforeTheRun() throws {
        let directory = try OutputPathTests.folder()
        let fifo = directory + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let failure = RunCommandTests.failure { try RunCommand.main(["--trace", fifo, "--minutes", "0.001", "--tills", "1", "--payers", "1"]) }
        #expect(failure?.status == 2)
        #expect(failure?.message.hasPrefix("mizan run: --trace '\(fifo)' is a pipe (FIFO), not a regular file") == true, "\(failure?.message ?? "accepted")")
        let descriptor = RunCommandTests.failure { try RunCommand.main(["--trace", "/proc/self/fd/2", "--minutes", "0.001", "--tills", "1", "--payers", "1"]) }
        #expect(descriptor?.status == 2)
        #expect(descriptor?.message.contains("not a regular file") == true, "\(descriptor?.message ?? "accepted")")
    }

    @Test func soakRefusesAFileAsItsOutputFolder() throws {
        let file = try RunCommandTests.file("{}")
        let failure = RunCommandTests.failure { try SoakCommand.main(["--out", file, "--runs", "1"]) }
        #expect(failure?.status == 2)
        #expect(failure?.message == "mizan soak: --out '\(file)' is a file, not a folder; name a folder (it is made if missing)")
        // A child that cannot be started is no finding about its floor (no "exit status -1" to shrink).
        let outcome = SoakCommand.run(SoakCase.draw(seed: 1), seed: 1, folder: file, name: "worker-0")
        guard case let .notRun(reason) = outcome else { Issue.record("\(outcome)"); return }
        #expect(reason.hasPrefix("cannot write its floor file: \(file)/worker-0.json"), "\(reason)")
    }

    @Test func lanesInAFolderWithNoLaneFilesFail() throws {
        let empty = try OutputPathTests.folder()
        let failure = RunCommandTests.failure { try LanesCommand.main(["--dir", empty]) }
        #expect(failure?.status == 2)
        #expect(failure?.message == "\(empty): no lanes found (no lane files, *.json, in this folder)")
    }
}
