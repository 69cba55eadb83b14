import Testing
@testable import mizan
@testable import MizanFormats

/// `merge` joins only the lines of one sweep run by one build, and names the file and line of any other.
@Suite struct SweepProvenanceTests {
    static func lines(_ sweep: String, shard: Shard) throws -> String {
        let plan = try SweepFile.parse(sweep, file: "sweep.json")
        return try SweepRunner.run(plan, shard: shard, threads: 2).map { $0.line + "\n" }.joined()
    }

    static let other = SweepTests.sweep.replacingOccurrences(of: "\"values\": [2, 9]", with: "\"values\": [2, 8]")

    @Test func everyLineCarriesTheSweepsDigestAndTheBuild() throws {
        let plan = try SweepFile.parse(SweepTests.sweep, file: "sweep.json")
        let digest = SweepIdentity.digest(plan)
        #expect(digest.count == 16)
        #expect(digest != SweepIdentity.digest(try SweepFile.parse(Self.other, file: "sweep.json")))
        // The file's name is not the sweep: the same sweep elsewhere has the same digest.
        #expect(digest == SweepIdentity.digest(try SweepFile.parse(SweepTests.sweep, file: "elsewhere/s.json")))
        let text = try Self.lines(SweepTests.sweep, shard: .whole)
        #expect(text.split(separator: "\n").allSatisfy { $0.contains(#""sweep":"\#(digest)","build":"\#(Build.identity)""#) })
    }

    @Test func shardsOfTwoDifferentSweepsAreRefusedNamingFileAndLine() throws {
        let first = try Self.lines(SweepTests.sweep, shard: Shard(index: 1, count: 2))
        let second = try Self.lines(Self.other, shard: Shard(index: 2, count: 2))
        do {
            _ = try SweepMerge.merge([("a.jsonl", first), ("b.jsonl", second)])
            Issue.record("merged two sweeps")
        } catch {
            #expect(error.description.hasPrefix("b.jsonl, line 1: from another sweep or build"), "\(error)")
        }
    }

    @Test func theBuildNamesTheDigestOfItsSources() throws {
        let build = Build.identity
        let digest = try #require(build.components(separatedBy: " sources ").last)
        #expect(build.hasPrefix("mizan-floor 0.1 "), "\(build)")
        #expect(digest.count == 16 && digest.allSatisfy(\.isHexDigit), "\(build)")
    }

    @Test func shardsOfTwoBuildsOfOneSweepAreRefused() throws {
        let first = try Self.lines(SweepTests.sweep, shard: Shard(index: 1, count: 2))
        let digest = try #require(Build.identity.components(separatedBy: " sources ").last)
        let other = String(digest.reversed()) == digest ? "0123456789abcdef" : String(digest.reversed())
        let second = try Self.lines(SweepTests.sweep, shard: Shard(index: 2, count: 2)).replacingOccurrences(of: "sources " + digest, with: "sources " + other)
        do {
            _ = try SweepMerge.merge([("a.jsonl", first), ("b.jsonl", second)])
            Issue.record("merged shards of two builds")
        } catch {
            #expect(error.description.hasPrefix("b.jsonl, line 1: from another sweep or build"), "\(error)")
        }
    }

    @Test func aForeignLineIsRefusedEvenWithRunAndRuns() throws {
        let first = try Self.lines(SweepTests.sweep, shard: Shard(index: 1, count: 2))
        let second = try Self.lines(SweepTests.sweep, shard: Shard(index: 2, count: 2))
        do {
            _ = try SweepMerge.merge([("a.jsonl", first), ("b.jsonl", second + #"{"run":1,"runs":12}"# + "\n")])
            Issue.record("merged a foreign line")
        } catch {
            #expect(error.description.hasPrefix("b.jsonl, line 7: not a line of a sweep"), "\(error)")
        }
        #expect(try SweepMerge.merge([("a.jsonl", first), ("b.jsonl", second)]).count == 12)
    }

    @Test func aShardGivenTwiceIsRefusedAsARepeatedRun() throws {
        let first = try Self.lines(SweepTests.sweep, shard: Shard(index: 1, count: 2))
        let second = try Self.lines(SweepTests.sweep, shard: Shard(index: 2, count: 2))
        do {
            _ = try SweepMerge.merge([("a.jsonl", first), ("b.jsonl", second), ("c.jsonl", first)])
            Issue.record("merged a shard twice")
        } catch {
            #expect(error.description.hasPrefix("c.jsonl, line 1: run "), "\(error)")
            #expect(error.description.contains("appears twice (also a.jsonl, line 1); is a shard given twice?"), "\(error)")
        }
    }

    @Test func aMissingShardIsNamedWithTheShardCount() throws {
        let shards = try (1...4).map { try Self.lines(SweepTests.sweep, shard: Shard(index: $0, count: 4)) }
        do {
            _ = try SweepMerge.merge([("a.jsonl", shards[0]), ("c.jsonl", shards[2])])
            Issue.record("merged with shards missing")
        } catch {
            #expect(error.description.hasSuffix("shards missing: 2/4, 4/4"), "\(error)")
        }
    }
}
