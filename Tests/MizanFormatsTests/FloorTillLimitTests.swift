import Testing
import MizanFormats
import MizanSim

/// A floor has at most `FloorFile.maximumTills` tills, however they are given:
/// past it a run would not finish in any time a person waits (docs/running-a-floor.md).
@Suite struct FloorTillLimitTests {
    func error(_ text: String) -> String? {
        do { _ = try FloorFile.parse(text, file: "big.json"); return nil } catch { return error.description }
    }

    @Test func aRowOfMoreTillsThanTheLimitIsRefusedNamingTheLimit() throws {
        let over = FloorFile.maximumTills + 1
        let message = try #require(error(#"{"tills": {"row": {"count": \#(over)}}, "payers": {"arrivals": "pairs"}}"#))
        #expect(message.contains("tills.row.count") && message.contains("\(over) tills, over the \(FloorFile.maximumTills) a floor may have"), "\(message)")
        #expect(error(#"{"tills": {"row": {"count": \#(FloorFile.maximumTills)}}, "payers": {"arrivals": "pairs"}}"#) == nil)
    }

    @Test func aListOfMoreTillsThanTheLimitIsRefusedBeforeItsTillsAreRead() throws {
        let over = FloorFile.maximumTills + 1
        let tills = (0..<over).map { #"{"x": \#($0), "y": 0}"# }.joined(separator: ",")
        let message = try #require(error(#"{"tills": [\#(tills)], "payers": {"arrivals": "pairs"}}"#))
        #expect(message.contains("\(over) tills, over the \(FloorFile.maximumTills) a floor may have"), "\(message)")
    }

    @Test func morePhonesStandingAtTheTillsThanTheLimitAreRefusedNamingTheirCount() throws {
        let tills = FloorFile.maximumTills / 2
        let message = try #require(error(#"{"tills": {"row": {"count": \#(tills)}}, "payers": {"arrivals": "pairs", "phonesPerTill": 3}}"#))
        #expect(message.contains("payers.phonesPerTill") && message.contains("\(tills * 3) phones, over the \(FloorFile.maximumTills) a floor may stand"), "\(message)")
        #expect(error(#"{"tills": {"row": {"count": \#(tills)}}, "payers": {"arrivals": "pairs", "phonesPerTill": 2}}"#) == nil)
        // Queues stand one payer at a till at a time.
        #expect(error(#"{"tills": {"row": {"count": \#(tills)}}, "payers": {"arrivals": "poisson", "meanGapSeconds": 5}}"#) == nil)
    }

    @Test func linesThatCouldHoldMorePayersThanTheLimitAreRefusedAndALineLimitIsRead() throws {
        let tills = FloorFile.maximumTills, over = FloorFile.maximumQueued / tills + 1
        let message = try #require(error(#"{"tills": {"row": {"count": \#(tills)}}, "payers": {"arrivals": "poisson", "meanGapSeconds": 1, "queueLimit": \#(over)}}"#))
        #expect(message.contains("payers.queueLimit") && message.contains("\(tills * over) payers waiting, over the \(FloorFile.maximumQueued)"), "\(message)")
        // The default line fits the largest floor.
        #expect(error(#"{"tills": {"row": {"count": \#(tills)}}, "payers": {"arrivals": "poisson", "meanGapSeconds": 1}}"#) == nil)
        let plan = try FloorFile.parse(#"{"tills": {"row": {"count": 2}}, "payers": {"arrivals": "poisson", "meanGapSeconds": 1, "queueLimit": 5}}"#, file: "f.json")
        #expect(plan.payerBehaviour.queueLimit == 5)
        #expect(error(#"{"tills": {"row": {"count": 2}}, "payers": {"arrivals": "poisson", "meanGapSeconds": 1, "queueLimit": 0}}"#)?.contains("payers.queueLimit") == true)
        // Pairs have no lines: the field is refused as unknown there.
        #expect(error(#"{"tills": {"row": {"count": 2}}, "payers": {"arrivals": "pairs", "queueLimit": 5}}"#)?.contains("queueLimit") == true)
    }

    @Test func morePhonesWalkingAwayAmongTheTillsThanTheLimitAreRefused() throws {
        let tills = 2_000, walkers = FloorFile.maximumWalkingTills / tills
        func floor(_ phones: Int) -> String {
            let faults = (1...phones).map { #"{"kind": "walk-away", "phone": \#($0), "atSeconds": 1}"# }.joined(separator: ",")
            return #"{"tills": {"row": {"count": \#(tills)}}, "payers": {"arrivals": "pairs"}, "faults": [\#(faults)]}"#
        }
        let message = try #require(error(floor(walkers + 1)))
        #expect(message.contains("'faults'") && message.contains("\(walkers + 1) phones walking away among \(tills) tills"), "\(message)")
        #expect(error(floor(walkers)) == nil)
    }

    /// Every advertising event is offered to every phone scanning (and on the first radio kept in
    /// each phone's scan window): the largest floor's tills at the default 100 ms, and no more.
    @Test func tillsAdvertisingMoreOftenThanTheLargestFloorDoesAreRefusedNamingTheInterval() throws {
        func floor(_ tills: Int, every milliseconds: Double, advertising: String = "signal") -> String {
            #"{"tills": {"row": {"count": \#(tills)}}, "payers": {"arrivals": "pairs"}, "radio": {"advertising": "\#(advertising)", "advertisingIntervalMs": \#(milliseconds)}}"#
        }
        for advertising in ["signal", "simple"] {
            let message = try #require(error(floor(2_000, every: 20, advertising: advertising)))
            #expect(message.contains("radio.advertisingIntervalMs") && message.contains("2000 tills advertising every 20 ms: 100000 advertising events a virtual second, over the 20000"), "\(message)")
        }
        #expect(error(floor(2_000, every: 99.9))?.contains("radio.advertisingIntervalMs") == true)
        #expect(error(floor(2_000, every: 100)) == nil)
        #expect(error(floor(400, every: 20)) == nil)
        #expect(error(floor(401, every: 20))?.contains("401 tills advertising every 20 ms") == true)
    }

    @Test func moreFaultsThanTheLimitAreRefusedBeforeTheyAreRead() throws {
        func floor(_ faults: Int, kind: String) -> String {
            let list = Array(repeating: #"{"kind": "\#(kind)", "frame": "decision"}"#, count: faults).joined(separator: ",")
            return #"{"tills": {"row": {"count": 2}}, "payers": {"arrivals": "pairs"}, "faults": [\#(list)]}"#
        }
        // An unknown kind past the limit: the count is refused before any fault is read.
        let message = try #require(error(floor(FloorFile.maximumFaults + 1, kind: "no-such-fault")))
        #expect(message.contains("'faults'") && message.contains("\(FloorFile.maximumFaults + 1) faults, over the \(FloorFile.maximumFaults)"), "\(message)")
        #expect(error(floor(FloorFile.maximumFaults, kind: "corrupt-frame")) == nil)
    }

    /// A floor's name heads every summary, picture and report: at most 1,000 UTF-8 bytes (a
    /// name of two-byte letters counts its bytes).
    @Test func aNameLongerThanTheLimitIsRefusedNamingItsBytes() throws {
        func floor(_ name: String) -> String { #"{"name": "\#(name)", "tills": {"row": {"count": 2}}, "payers": {"arrivals": "pairs"}}"# }
        #expect(error(floor(String(repeating: "n", count: FloorFile.maximumNameBytes))) == nil)
        let message = try #require(error(floor(String(repeating: "é", count: FloorFile.maximumNameBytes / 2 + 1))))
        #expect(message.contains("'name'") && message.contains("\(FloorFile.maximumNameBytes + 2) bytes, over the \(FloorFile.maximumNameBytes)"), "\(message)")
    }
}
