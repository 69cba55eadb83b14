import Foundation
import Testing
import MizanFormats
@testable import mizan
import MizanTestSupport

/// A run's folder is written beside --out and swapped in whole: an earlier
/// run stays whole until the new one is, and a killed run's leftovers beside
/// it are cleared by the next.
@Suite struct RunFolderStagingTests {
    @Test func aRunReplacesTheEarlierRunWholeAndLeavesNothingBeside() throws {
        let root = ScratchFolder.path("mizan-staging-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let out = root + "/run"
        #expect(try RunCommand.main(["--minutes", "0.2", "--out", out, "--jobs", "1"]) == 0)
        let first = try String(contentsOfFile: out + "/run.json", encoding: .utf8)
        // What a run killed while writing leaves beside the folder: its staging, part written.
        try FileManager.default.createDirectory(atPath: RunFolder.staging(for: out), withIntermediateDirectories: true)
        try "{\"t\":".write(toFile: RunFolder.staging(for: out) + "/.trace.jsonl.partial", atomically: true, encoding: .utf8)
        #expect(RunFolder.staging(for: out + "/") == root + "/.run.partial")
        #expect(try RunCommand.main(["--minutes", "0.2", "--seed", "2", "--out", out, "--jobs", "1"]) == 0)
        let second = try String(contentsOfFile: out + "/run.json", encoding: .utf8)
        #expect(first.contains("\"seed\": 1") && second.contains("\"seed\": 2"))
        #expect(!FileManager.default.fileExists(atPath: RunFolder.staging(for: out)))
        #expect(try FileManager.default.contentsOfDirectory(atPath: root) == ["run"])
    }
}
