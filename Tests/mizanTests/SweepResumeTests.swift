import Foundation
import Testing
import MizanFormats
@testable import mizan
import MizanTestSupport

/// A sweep killed part way continues from its partial file with --resume and
/// writes what an unbroken sweep writes, byte for byte; a partial of another
/// sweep or build is refused by its line.
@Suite struct SweepResumeTests {
    static let sweep = #"""
    {"floor": {"minutes": 0.2, "tills": {"row": {"count": 3, "spacing": 2}}, "payers": {"arrivals": "poisson", "meanGapSeconds": 2}},
     "seeds": 3, "grid": [{"field": "tills.row.spacing", "values": [1, 2]}]}
    """#

    static func folder() throws -> String {
        let path = ScratchFolder.path("mizan-resume-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try sweep.write(toFile: path + "/sweep.json", atomically: true, encoding: .utf8)
        return path
    }

    static func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test(arguments: [0, 1, 4, 6])
    func aResumedSweepWritesWhatAnUnbrokenOneWrites(keptLines: Int) throws {
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(try SweepCommand.main([directory + "/sweep.json", "--out", directory + "/whole.jsonl", "--jobs", "2"]) == 0)
        let whole = try Self.read(directory + "/whole.jsonl"), report = try Self.read(directory + "/whole.html")
        // What a kill leaves: the first lines, and the next one cut in the middle.
        let lines = whole.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var partial = lines.prefix(keptLines).map { $0 + "\n" }.joined()
        if keptLines < 6 { partial += String(lines[keptLines].prefix(40)) }
        try partial.write(toFile: directory + "/.resumed.jsonl.partial", atomically: true, encoding: .utf8)
        #expect(try SweepCommand.main([directory + "/sweep.json", "--out", directory + "/resumed.jsonl", "--resume", "--jobs", "2"]) == 0)
        #expect(try Self.read(directory + "/resumed.jsonl") == whole)
        #expect(try Self.read(directory + "/resumed.html") == report)
        #expect(!FileManager.default.fileExists(atPath: directory + "/.resumed.jsonl.partial"))
    }

    @Test func aPartialOfAnotherSweepIsRefusedByItsLine() throws {
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(try SweepCommand.main([directory + "/sweep.json", "--out", directory + "/whole.jsonl", "--jobs", "1"]) == 0)
        let whole = try Self.read(directory + "/whole.jsonl")
        let lines = whole.split(separator: "\n").map(String.init)
        let other = lines[1].replacingOccurrences(of: #""sweep":""#, with: #""sweep":"0"#)
        try (lines[0] + "\n" + other + "\n").write(toFile: directory + "/.again.jsonl.partial", atomically: true, encoding: .utf8)
        let failure = RunCommandTests.failure { try SweepCommand.main([directory + "/sweep.json", "--out", directory + "/again.jsonl", "--resume"]) }
        #expect(failure?.status == 2)
        #expect(failure?.message.contains(".again.jsonl.partial:2: a run of another sweep") == true, "\(failure?.message ?? "resumed")")
        // Out of order: the second run where the first belongs.
        try (lines[1] + "\n").write(toFile: directory + "/.again.jsonl.partial", atomically: true, encoding: .utf8)
        let order = RunCommandTests.failure { try SweepCommand.main([directory + "/sweep.json", "--out", directory + "/again.jsonl", "--resume"]) }
        #expect(order?.message.contains(":1: run 2 where this sweep writes run 1") == true, "\(order?.message ?? "resumed")")
        // The first run's line with another cell (one the sweep does not have), or another seed.
        for (from, to, problem) in [(#""cell":1,"#, #""cell":999999,"#, "in cell 999999 with seed"), (#""seed":"#, #""seed":7"#, "where this sweep runs it in cell 1 with seed")] {
            #expect(lines[0].contains(from))
            try (lines[0].replacingOccurrences(of: from, with: to) + "\n").write(toFile: directory + "/.again.jsonl.partial", atomically: true, encoding: .utf8)
            let moved = RunCommandTests.failure { try SweepCommand.main([directory + "/sweep.json", "--out", directory + "/again.jsonl", "--resume"]) }
            #expect(moved?.status == 2)
            #expect(moved?.message.contains(":1: run 1 in cell ") == true && moved?.message.contains(problem) == true, "\(moved?.message ?? "resumed")")
        }
    }

    @Test func resumingWithoutAPartialOrWithoutOutSaysWhatIsMissing() throws {
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let none = RunCommandTests.failure { try SweepCommand.main([directory + "/sweep.json", "--out", directory + "/x.jsonl", "--resume"]) }
        #expect(none?.message.contains("no interrupted sweep to resume") == true, "\(none?.message ?? "resumed")")
        let noOut = RunCommandTests.failure { try SweepCommand.main([directory + "/sweep.json", "--resume"]) }
        #expect(noOut?.message.contains("--resume continues the sweep written to --out FILE") == true)
    }
}
