import Foundation
import Testing
import MizanTestSupport

/// What `mizan run --out` writes for people to look at is one seed's run,
/// byte for byte, whatever the number of cores it used.
@Suite struct RunFilesTests {
    static let mizan = RepositoryTests.root + "/.build/debug/mizan"

    static func run(jobs: Int) throws -> String {
        let folder = ScratchFolder.path("run-files-\(getpid())-\(jobs)")
        try? FileManager.default.removeItem(atPath: folder)
        let (status, _) = try runChild(Self.mizan, ["run", "--minutes", "0.5", "--seed", "4", "--jobs", String(jobs), "--out", folder])
        #expect(status == 0)
        return folder
    }

    @Test func theReportAndThePerfettoTraceAreByteIdenticalAtOneAndTwoJobs() throws {
        let one = try Self.run(jobs: 1), two = try Self.run(jobs: 2)
        defer { try? FileManager.default.removeItem(atPath: one); try? FileManager.default.removeItem(atPath: two) }
        for name in ["report.html", "trace.perfetto.json", "summary.json", "trace.jsonl"] {
            let first = try Data(contentsOf: URL(fileURLWithPath: one + "/" + name))
            let second = try Data(contentsOf: URL(fileURLWithPath: two + "/" + name))
            #expect(first.count > 1_000, "\(name)")
            #expect(first == second, "\(name) differs between --jobs 1 and --jobs 2")
        }
        let listed = try String(contentsOfFile: one + "/run.json", encoding: .utf8)
        #expect(listed.contains("\"report.html\"") && listed.contains("\"trace.perfetto.json\""))
    }

    @Test func replayWithOutWritesTheRunsFolderAsRunDoes() throws {
        let replayed = ScratchFolder.path("replay-files-\(getpid())")
        let ran = ScratchFolder.path("replay-run-\(getpid())")
        try? FileManager.default.removeItem(atPath: replayed)
        try? FileManager.default.removeItem(atPath: ran)
        defer { try? FileManager.default.removeItem(atPath: replayed); try? FileManager.default.removeItem(atPath: ran) }
        let replay = try runChild(Self.mizan, ["replay", "--minutes", "0.5", "--seed", "4", "--transaction", "2", "--out", replayed])
        #expect(replay.status == 0)
        #expect(replay.output.contains("report.html#transaction=2"))
        #expect(replay.output.contains("transaction 2 of"))
        let run = try runChild(Self.mizan, ["run", "--minutes", "0.5", "--seed", "4", "--out", ran])
        #expect(run.status == 0)
        for name in ["report.html", "trace.perfetto.json", "transactions.jsonl"] {
            let first = try Data(contentsOf: URL(fileURLWithPath: replayed + "/" + name))
            #expect(first == (try Data(contentsOf: URL(fileURLWithPath: ran + "/" + name))), "\(name)")
        }
    }
}
