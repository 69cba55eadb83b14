import Foundation
import Testing
@testable import mizan
import MizanFormats

@Suite struct SweepTests {
    static let sweep = """
    {"floor": {"minutes": 0.5, "tills": {"row": {"count": 4}}, "payers": {"arrivals": "poisson", "meanGapSeconds": 5}, "radio": {"advertising": "simple"}},
     "seeds": 3,
     "grid": [{"field": "tills.row.spacing", "values": [1, 3]}, {"field": "radio.packetSigma", "values": [2, 9]}]}
    """

    @Test func aSweepSplitIntoThreeShardsAndMergedIsByteIdenticalToTheWholeSweep() throws {
        let plan = try SweepFile.parse(Self.sweep, file: "sweep.json")
        #expect(plan.runs == 12)
        let whole = try SweepRunner.run(plan, threads: 2).map { $0.line + "\n" }.joined()
        let shards = try (1...3).map { k in
            (name: "shard\(k)", text: try SweepRunner.run(plan, shard: Shard(index: k, count: 3), threads: 2).map { $0.line + "\n" }.joined())
        }
        #expect(shards.allSatisfy { $0.text.split(separator: "\n").count == 4 })
        let merged = try SweepMerge.merge(shards.reversed()).map { $0 + "\n" }.joined()
        #expect(merged == whole)
    }

    @Test func theSameSweepGivesTheSameLinesWhateverTheThreads() throws {
        let plan = try SweepFile.parse(Self.sweep, file: "sweep.json")
        #expect(try SweepRunner.run(plan, threads: 1).map(\.line) == SweepRunner.run(plan, threads: 2).map(\.line))
    }

    @Test func cellsVaryTheLastFieldFastest() throws {
        let plan = try SweepFile.parse(Self.sweep, file: "sweep.json")
        #expect(plan.values(ofCell: 1).map(\.value) == [.number(JSONNumber(1)), .number(JSONNumber(9))])
        #expect(plan.values(ofCell: 2).map(\.value) == [.number(JSONNumber(3)), .number(JSONNumber(2))])
        #expect(try plan.plan(ofCell: 3).radio.packetSigma == 9)
        #expect(try plan.plan(ofCell: 3).tills[1].position.x == 3)
    }

    @Test func mergingRefusesAMissingOrRepeatedRun() throws {
        let plan = try SweepFile.parse(Self.sweep, file: "sweep.json")
        let first = try SweepRunner.run(plan, shard: Shard(index: 1, count: 2), threads: 2).map { $0.line + "\n" }.joined()
        #expect(throws: SweepMerge.Problem.self) { try SweepMerge.merge([("a", first)]) }
        #expect(throws: SweepMerge.Problem.self) { try SweepMerge.merge([("a", first), ("b", first)]) }
    }

    @Test func aGridValueTheFloorRefusesIsAnErrorWhenTheSweepIsRead() {
        let bad = Self.sweep.replacingOccurrences(of: "\"values\": [2, 9]", with: "\"values\": [2, -9]")
        #expect(throws: JSONFileError.self) { try SweepFile.parse(bad, file: "sweep.json") }
        let unknown = Self.sweep.replacingOccurrences(of: "\"seeds\": 3", with: "\"seed\": 3")
        #expect(throws: JSONFileError(file: "sweep.json", field: "seed", problem: #"unknown field; expected one of "floor", "seeds", "firstSeed", "grid""#)) { try SweepFile.parse(unknown, file: "sweep.json") }
    }

    @Test func shardsComeFromTheCommandLineSlurmOrAnIndexedJob() throws {
        #expect(try Shard.parse("2/5") == Shard(index: 2, count: 5))
        #expect(throws: Shard.Problem.self) { try Shard.parse("6/5") }
        #expect(throws: Shard.Problem.self) { try Shard.parse("0/5") }
        #expect(try Shard.fromEnvironment(["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "4"], count: nil)
            == Shard(index: 3, count: 4))
        #expect(try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "0"], count: 8) == Shard(index: 1, count: 8))
        #expect(throws: Shard.Problem.self) { try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "0"], count: nil) }
        #expect(try Shard.fromEnvironment([:], count: nil) == nil)
    }

    @Test func slurmTaskIdsAtTheIntegersEndsAreRefusedNotOverflowed() {
        for (id, low) in [("9223372036854775807", "-1"), ("-9223372036854775808", "1"), ("9223372036854775807", "0"), ("5", "9")] {
            #expect(throws: Shard.Problem.self) {
                try Shard.fromEnvironment(["SLURM_ARRAY_TASK_ID": id, "SLURM_ARRAY_TASK_MIN": low, "SLURM_ARRAY_TASK_COUNT": "2"], count: nil)
            }
        }
    }

    @Test func mergingRefusesRunNumbersOutOfRangeInsteadOfCrashing() {
        for line in [#"{"run": 1, "runs": 0}"#, #"{"run": 1e300, "runs": 2}"#, #"{"run": 3, "runs": 2}"#, #"{"run": 1.5, "runs": 2}"#] {
            #expect(throws: SweepMerge.Problem.self) { try SweepMerge.merge([("shard", line + "\n")]) }
        }
    }

    /// A shard's runs are computed slot by slot, never listed: the same runs as filtering every run number.
    @Test func aShardsRunsBySlotAreTheRunsItContains() {
        for count in 1...5 {
            for index in 1...count {
                let shard = Shard(index: index, count: count)
                for runs in 0...13 {
                    let listed = (0..<runs).filter { shard.contains(run: $0) }
                    #expect(shard.runs(of: runs) == listed.count, "\(shard) of \(runs)")
                    #expect((0..<shard.runs(of: runs)).map(shard.run(atSlot:)) == listed, "\(shard) of \(runs)")
                }
            }
        }
    }
}
