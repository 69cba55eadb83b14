import MizanFormats
import MizanProtocol
import Testing
@testable import MizanSim

/// What `mizan soak` found and shrank: a phone reaches a till already serving
/// another, the till's "busy" answer is spoiled on the air, and the phone shows
/// "secure link failed" while that till never had a transaction with it. The
/// catalogue allows the pair (ending 17, till unaffected); the run agrees.
/// (Found on the simple link layer and the simple advertising model, where this seed reaches the busy till.)
@Suite struct CorruptedBusyFrameTests {
    static let floor = """
    {"name": "soak", "minutes": 0.225, "tills": {"row": {"count": 2, "spacing": 1.307}},
     "payers": {"arrivals": "pairs"}, "radio": {"link": "simple", "advertising": "simple"},
     "faults": [{"kind": "corrupt-frame", "phone": 1, "frame": "busy"}]}
    """

    @Test func aSpoiledBusyAnswerEndsAsSecureLinkFailedWithTheTillUnaffected() throws {
        let plan = try FloorFile.parse(Self.floor, file: "soak.json")
        let report = try Floor(plan: plan, seed: 1005).run(drain: true)
        let pairs = report.ledger.settled.map(\.pair)
        #expect(pairs.contains(EndingPair(host: nil, phone: .secureLinkFailed)))
        #expect(report.violations.isEmpty)
        #expect(EndingsCatalogue.ending(for: EndingPair(host: nil, phone: .secureLinkFailed)) == .sealedFrameFails)
    }
}
