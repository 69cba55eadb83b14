import MizanFormats
import Testing
@testable import mizan

/// `mizan soak` draws valid floors, finds a planted bug and shrinks it to a small case.
@Suite struct SoakTests {
    @Test func everyDrawnCaseIsAFloorFileTheReaderAccepts() throws {
        var kinds = Set<String>()
        for seed in UInt64(1)...300 {
            let soak = SoakCase.draw(seed: seed)
            _ = try FloorFile.parse(soak.floorJSON, file: "soak-\(seed).json")
            kinds.formUnion(soak.faults.map(\.kind.rawValue))
            #expect(SoakCase.draw(seed: seed) == soak, "one seed, one case")
        }
        #expect(kinds.count == SoakCase.Kind.allCases.count, "swarm testing reaches every kind of fault")
    }

    @Test func aPlantedBugIsFoundAndShrunkToASmallCase() throws {
        // The planted bug: a floor of at least two tills where a Bluetooth fault turns a till off.
        let planted: (SoakCase) -> Bool = { soak in soak.tills >= 2 && soak.faults.contains { $0.kind == .bluetooth && $0.onTill && $0.detail == "off" } }
        let seed = try #require((UInt64(1)...2_000).first { planted(SoakCase.draw(seed: $0)) })
        let found = SoakCase.draw(seed: seed)
        let shrunk = SoakCase.shrink(found, fails: planted)
        #expect(planted(shrunk))
        #expect(shrunk.tills == 2)
        #expect(shrunk.faults.count == 1)
        #expect(shrunk.minutes <= found.minutes)
        #expect(shrunk.smaller.allSatisfy { !planted($0) }, "no smaller case still fails")
        _ = try FloorFile.parse(shrunk.floorJSON, file: "shrunk.json")
    }

    @Test func soakAnswersHelpAndRefusesBadOptions() throws {
        #expect(try SoakCommand.main(["--help"]) == 0)
        #expect(RunCommandTests.failure { try SoakCommand.main(["--runs", "0"]) }?.status == 2)
        #expect(RunCommandTests.failure { try SoakCommand.main(["--out", ""]) }?.message == "mizan soak: --out is an empty path; name a file or folder")
    }
}
