import MizanProtocol
import Testing
@testable import MizanRehearsal

/// Every lane of `lanes/` runs, reaches its ending with the catalogue's
/// screens on both sides, and leaves clean logs.
@Suite struct LaneTests {
    static let lanes: [Lane] = (try? LaneRunner.load(directory: RepoPaths.lanes)) ?? []

    @Test func theLanesLoad() throws {
        let lanes = try LaneRunner.load(directory: RepoPaths.lanes)
        #expect(lanes.count >= Ending.allCases.count)
    }

    @Test func everyEndingOfTheCatalogueHasALane() {
        let covered = Set(Self.lanes.map(\.ending))
        for ending in Ending.allCases {
            #expect(covered.contains(ending), "no lane for ending \(ending.rawValue) (\(ending.title))")
        }
    }

    @Test func bothSidesAreRehearsedAsTheRealOne() {
        #expect(Self.lanes.contains { $0.real == .host })
        #expect(Self.lanes.contains { $0.real == .phone })
    }

    @Test(arguments: lanes.map(\.name))
    func theLanePasses(_ name: String) throws {
        let lane = try #require(Self.lanes.first { $0.name == name })
        let result = LaneRunner.run(lane)
        #expect(result.problems.isEmpty, "\(name): \(result.problems)")
        #expect(result.audit.isEmpty, "\(name): \(result.audit)")
        #expect(result.logLines > 0, "\(name): the audit read no log")
    }

    @Test func aLaneReplaysByteForByte() throws {
        let lane = try #require(Self.lanes.first { $0.name == "01-success" })
        let first = LaneRunner.run(lane).frames.map(\.bytes)
        #expect(first.count == 4)
        #expect(LaneRunner.run(lane).frames.map(\.bytes) == first)
    }
}
