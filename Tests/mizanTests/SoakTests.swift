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

/// What the soak checks of a run's books finds planted bugs: a transaction that
/// never ends, an ending lost or counted twice, a violation; and nothing in a clean run.
@Suite struct SoakCheckTests {
    static func books(seed: UInt64 = 7) throws -> SoakCheck.Books {
        let floor = #"{"minutes": 0.5, "tills": {"row": {"count": 2, "spacing": 2}}, "payers": {"arrivals": "pairs"}}"#
        let books = try SoakCheck.Books(running: try FloorFile.parse(floor, file: "soak.json"), seed: seed)
        #expect(books.hosts.count >= 2 && books.attempts.count >= 2, "a run with transactions to check")
        return books
    }

    @Test func aCleanRunDrainedToItsLastEndingHasNoFinding() throws {
        let books = try Self.books()
        #expect(SoakCheck.findings(books).isEmpty)
        #expect(books.hosts.allSatisfy(\.ended) && books.attempts.allSatisfy(\.ended), "the drain lets every transaction end")
    }

    @Test func aTillThatTookAKeyOverALinkItsRetiredServiceThenTookDownEndsTheTransaction() throws {
        // Found by the soak (seed 315902, shrunk): a phone's key, slow over a far link, reached the till
        // after it had retired that link's service and begun the next transaction; the retirement then
        // took the link down without telling the till, which waited for that payer for ever.
        let floor = #"""
            {"name": "soak", "minutes": 0.6339, "tills": {"row": {"count": 2, "spacing": 3.013}}, "payers": {"arrivals": "pairs"},
             "faults": [{"kind": "drop-link-at-step", "phone": 2, "step": "before-key"},
                        {"kind": "drop-link-at-step", "phone": 1, "step": "after-pick"},
                        {"kind": "walk-away", "phone": 1, "atSeconds": 7.397}, {"kind": "walk-away", "phone": 2, "atSeconds": 2.805}]}
            """#
        let books = try SoakCheck.Books(running: try FloorFile.parse(floor, file: "soak-seed-315902.json"), seed: 315_902)
        #expect(books.hosts.count >= 4)
        #expect(SoakCheck.findings(books).isEmpty)
    }

    @Test func aPlantedTransactionThatNeverEndsIsFound() throws {
        var books = try Self.books()
        books.hosts[1].ended = false
        let findings = SoakCheck.findings(books)
        #expect(findings == [.neverEnded(device: books.hosts[1].device, startedSeconds: books.hosts[1].startedSeconds)])
        #expect(findings.first?.exitStatus == 3)
    }

    @Test func aPlantedLostEndingIsFound() throws {
        var books = try Self.books()
        let lost = try #require(books.settled.firstIndex { $0.attempt != nil })
        let attempt = try #require(books.settled[lost].attempt)
        books.settled[lost].attempt = nil
        #expect(SoakCheck.findings(books) == [.settled(device: books.attempts[attempt].device, times: 0)])
    }

    @Test func aPlantedEndingCountedTwiceIsFound() throws {
        var books = try Self.books()
        let twice = try #require(books.settled.first { $0.host != nil && $0.attempt == nil } ?? books.settled.first { $0.host != nil })
        books.settled.append(SoakCheck.Books.Settled(host: twice.host, attempt: nil, violated: false))
        let findings = SoakCheck.findings(books)
        #expect(findings.contains(.settled(device: books.hosts[twice.host ?? 0].device, times: 2)))
        #expect(findings.allSatisfy { $0.exitStatus == 4 })
    }

    @Test func aPlantedViolationIsFoundFirst() throws {
        var books = try Self.books()
        books.settled[0].violated = true
        books.attempts[0].ended = false
        let findings = SoakCheck.findings(books)
        #expect(findings.first?.exitStatus == 1)
        #expect(findings.count == 2)
    }

    @Test func theCheckCommandPassesADrawnCaseAndRefusesAMissingFloor() throws {
        let path = try RunCommandTests.file(SoakCase.draw(seed: 11).floorJSON)
        #expect(try SoakCommand.main(["--check", path, "--seed", "11"]) == 0)
        #expect(RunCommandTests.failure { try SoakCommand.main(["--check", "/nonexistent/soak.json"]) }?.status == 2)
    }
}
