import Foundation
import MizanFormats
import Testing
@testable import mizan
import MizanTestSupport

/// Outputs that never mislead: no empty path, no output over an input, no two
/// outputs at one path, every file whole, a run folder marked complete last.
@Suite struct OutputPathTests {
    static func folder() throws -> String {
        let path = ScratchFolder.path("mizan-out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func anEmptyOutputPathIsRefused() {
        #expect(RunCommandTests.failure { try RunCommand.main(["--out", ""]) }?.message == "mizan run: --out is an empty path; name a file or folder")
        #expect(RunCommandTests.failure { try LanesCommand.main(["--transcript", ""]) }?.message
            == "mizan lanes: --transcript is an empty path; name a file or folder")
        #expect(RunCommandTests.failure { try MergeCommand.main(["--out", "", "a.jsonl"]) }?.status == 2)
    }

    @Test func aCaptureInsideReplaysRunFolderIsRefused() throws {
        let directory = try Self.folder()
        let failure = RunCommandTests.failure { try ReplayCommand.main(["--transaction", "1", "--out", directory, "--pcap", directory + "/x.pcapng"]) }
        #expect(failure?.message.contains("--pcap '\(directory)/x.pcapng' is inside --out's folder") == true, "\(failure?.message ?? "accepted")")
    }

    @Test func replayWithACaptureKeepsTheRunFolderItWrote() throws {
        let directory = try Self.folder(), capture = try Self.folder() + "/t.pcapng"
        #expect(try ReplayCommand.main(["--minutes", "0.5", "--transaction", "1", "--out", directory, "--pcap", capture]) == 0)
        #expect(FileManager.default.fileExists(atPath: directory + "/run.json") && FileManager.default.fileExists(atPath: directory + "/summary.json"))
        #expect(FileManager.default.fileExists(atPath: capture))
    }

    @Test func aRunFolderThatIsALinkOrTheCurrentFolderIsRefused() throws {
        let directory = try Self.folder()
        let link = directory + "-link"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: directory)
        #expect(RunCommandTests.failure { try RunCommand.main(["--out", link]) }?.message
            == "mizan run: --out '\(link)' is a symbolic link; name the folder itself (its run is replaced whole)")
        for here in [".", "..", FileManager.default.currentDirectoryPath] {
            #expect(RunCommandTests.failure { try RunCommand.main(["--out", here]) }?.message
                == "mizan run: --out '\(here)' is the current folder or holds it (or ends in . or ..); name a folder of its own (its run is replaced whole)")
        }
    }

    @Test func aRunFolderThatCannotBeMadeIsNamedWithTheOptionThatWritesIt() throws {
        // Under a file: no folder can be made there.
        let file = try RunCommandTests.file("{}")
        let failure = RunCommandTests.failure { try RunCommand.main(["--minutes", "0.01", "--out", file + "/run"]) }
        #expect(failure?.message.contains("cannot make this folder (Not a directory), which --out (whose run is written beside it first) writes into") == true,
                "\(failure?.message ?? "accepted")")
    }

    @Test func anOutputOverAnInputIsRefused() throws {
        let floor = try RunCommandTests.file(#"{"tills": {"row": {"count": 2}}, "payers": {"arrivals": "pairs"}}"#)
        let before = try String(contentsOfFile: floor, encoding: .utf8)
        let failure = RunCommandTests.failure { try RunCommand.main([floor, "--trace", floor]) }
        #expect(failure?.message == "mizan run: --trace would write over the input '\(floor)'; choose another path")
        #expect(failure?.status == 2)
        #expect(try String(contentsOfFile: floor, encoding: .utf8) == before)
    }

    @Test func twoOutputsAtOnePathAreRefused() throws {
        let directory = try Self.folder()
        let failure = RunCommandTests.failure {
            try ExperimentCommand.main([DeployFilesTests.root + "/docs/examples/spacing.json", "--csv", directory + "/a", "--svg", directory + "/a"])
        }
        #expect(failure?.message == "mizan rssi-experiment: --svg and --csv both write '\(directory)/a'; give each its own path", "\(failure?.message ?? "accepted")")
    }

    @Test func aFileInsideARunsFolderIsRefused() throws {
        let directory = try Self.folder()
        for trace in ["/trace.jsonl", "/elsewhere.jsonl", "/sub/t.jsonl", ""] {
            let failure = RunCommandTests.failure { try RunCommand.main(["--out", directory, "--trace", directory + trace]) }
            #expect(failure?.message == "mizan run: --trace '\(directory + trace)' is inside --out's folder, which holds only the run's own files and is replaced whole; put it elsewhere",
                    "\(failure?.message ?? "accepted")")
        }
    }

    @Test func aRunFolderNamesItsRunAndIsMarkedCompleteLast() throws {
        let directory = try Self.folder()
        // What an earlier run left: a run that is interrupted must not look complete with it.
        try "stale".write(toFile: directory + "/summary.json", atomically: true, encoding: .utf8)
        try "stale".write(toFile: directory + "/run.json", atomically: true, encoding: .utf8)
        try RunFolder.begin(directory)
        #expect(!FileManager.default.fileExists(atPath: directory + "/run.json"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/summary.json"))

        #expect(try RunCommand.main(["--out", directory, "--seed", "4", "--minutes", "0.05", "--tills", "2", "--payers", "2"]) == 0)
        let run = try String(contentsOfFile: directory + "/run.json", encoding: .utf8)
        #expect(run.contains(#""seed": 4"#) && run.contains(#""floor": "\#(DefaultFloor.name)""#) && run.contains(#""build": "\#(Build.identity)""#))
        #expect(run.contains(#""complete": true"#))
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(!names.contains { $0.hasSuffix(".partial") }, "\(names)")
        let trace = try String(contentsOfFile: directory + "/trace.jsonl", encoding: .utf8).split(separator: "\n")
        #expect(trace.last?.contains(#""device":"floor","event":"end of trace","lines":\#(trace.count)"#) == true, "\(trace.last ?? "")")
    }

    @Test func aFileIsWrittenUnderAPartialNameInTheSameFolderThenRenamed() throws {
        #expect(TextFile.partialPath(for: "out/run/summary.json") == "out/run/.summary.json.partial")
        #expect(TextFile.partialPath(for: "summary.json") == ".summary.json.partial")
        let directory = try Self.folder()
        try TextFile.write("whole\n", to: directory + "/a.txt")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["a.txt"])
        #expect(throws: InputError.self) { try TextFile.write("x", to: "") }
    }
}
