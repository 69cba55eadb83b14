import Testing
import MizanFormats

/// A floor-file field that has no effect on the layer or model the floor
/// uses is refused, naming the layer or model; a setting that would lose
/// every link, or move nobody, is refused with the reason.
@Suite struct UnusedSettingTests {
    static let floor = #""tills": {"row": {"count": 2}}, "payers": {"arrivals": "pairs"}"#
    static let platform = #""phones": {"platforms": [{"name": "ios", "share": 1}]}"#

    @Test func platformsOnTheSimpleLinkLayerAreRefused() {
        let failure = MeaninglessFloorTests.problem(#"{\#(Self.floor), \#(Self.platform), "radio": {"link": "simple"}}"#)
        #expect(failure?.field == "phones.platforms")
        #expect(failure?.problem.hasPrefix("phone platforms are the faithful link layer's, and this radio uses the simple link layer") == true, "\(failure?.problem ?? "accepted")")
        let ideal = MeaninglessFloorTests.problem(#"{\#(Self.floor), \#(Self.platform), "radio": {"ideal": true}}"#)
        #expect(ideal?.problem.contains("the ideal radio's simple link layer") == true, "\(ideal?.problem ?? "accepted")")
        #expect(MeaninglessFloorTests.problem(#"{\#(Self.floor), \#(Self.platform), "radio": {"link": "faithful"}}"#) == nil)
    }

    @Test func aTillProfileOnTheSimpleLinkLayerIsRefused() {
        let failure = MeaninglessFloorTests.problem(#"{\#(Self.floor), "radio": {"link": "simple", "till": {"maxLinks": 4}}}"#)
        #expect(failure?.field == "radio.till")
        #expect(failure?.problem.hasPrefix("the till's profile is the faithful link layer's") == true, "\(failure?.problem ?? "accepted")")
        #expect(MeaninglessFloorTests.problem(#"{\#(Self.floor), "radio": {"till": {"maxLinks": 4}}}"#) == nil)
    }

    @Test func theSimpleLinkLayersTimingsOnTheFaithfulOneAreRefused() {
        for field in ["connectLatencyMs", "connectionIntervalMs", "supervisionTimeoutMs"] {
            let value = field == "supervisionTimeoutMs" ? 2000 : 30
            let failure = MeaninglessFloorTests.problem(#"{\#(Self.floor), "radio": {"\#(field)": \#(value)}}"#)
            #expect(failure?.field == "radio.\(field)")
            #expect(failure?.problem.hasPrefix("belongs to the simple link layer, and this radio uses the faithful one") == true, "\(failure?.problem ?? "accepted")")
            #expect(MeaninglessFloorTests.problem(#"{\#(Self.floor), "radio": {"link": "simple", "\#(field)": \#(value)}}"#) == nil, "\(field)")
            #expect(MeaninglessFloorTests.problem(#"{\#(Self.floor), "radio": {"ideal": true, "\#(field)": \#(value)}}"#) == nil, "\(field)")
        }
    }

    @Test func aScanModeOnTheSimpleAdvertisingModelIsRefused() {
        let phones = #""phones": {"platforms": [{"name": "android", "share": 1, "scanMode": "balanced"}]}"#
        let failure = MeaninglessFloorTests.problem(#"{\#(Self.floor), \#(phones), "radio": {"advertising": "simple"}}"#)
        #expect(failure?.field == "phones.platforms[0].scanMode")
        #expect(failure?.problem.hasPrefix("how a phone scans is the signal advertising model's, and this radio uses the simple one") == true, "\(failure?.problem ?? "accepted")")
        #expect(MeaninglessFloorTests.problem(#"{\#(Self.floor), \#(phones), "radio": {"advertising": "signal"}}"#) == nil)
    }

    @Test func aPlatformWhoseSupervisionTimeoutIsWithinTwoOfItsIntervalsIsRefused() {
        let short = #""phones": {"platforms": [{"name": "android", "share": 1, "connectionIntervalMs": [30, 400], "supervisionTimeoutMs": 300}]}"#
        let failure = MeaninglessFloorTests.problem(#"{\#(Self.floor), \#(short)}"#)
        #expect(failure?.field == "phones.platforms[0].supervisionTimeoutMs")
        #expect(failure?.problem.hasPrefix("expected more than twice the platform's longest connection interval (400 ms)") == true, "\(failure?.problem ?? "accepted")")
        let widened = #""phones": {"platforms": [{"name": "ios", "share": 1, "connectionIntervalMs": [30, 400]}]}"#
        #expect(MeaninglessFloorTests.problem(#"{\#(Self.floor), \#(widened)}"#)?.field == "phones.platforms[0].supervisionTimeoutMs")
        let fine = #""phones": {"platforms": [{"name": "android", "share": 1, "connectionIntervalMs": [30, 400], "supervisionTimeoutMs": 801}]}"#
        #expect(MeaninglessFloorTests.problem(#"{\#(Self.floor), \#(fine)}"#) == nil)
    }

    @Test func aWalkAwayWithNoDirectionIsRefused() {
        let failure = MeaninglessFloorTests.problem(#"{\#(Self.floor), "faults": [{"kind": "walk-away", "phone": 1, "atSeconds": 1, "dx": 0, "dy": 0}]}"#)
        #expect(failure?.field == "faults[0].dy")
        #expect(failure?.problem.hasPrefix("dx and dy are both 0: a walk away needs a direction") == true, "\(failure?.problem ?? "accepted")")
        #expect(MeaninglessFloorTests.problem(#"{\#(Self.floor), "faults": [{"kind": "walk-away", "phone": 1, "atSeconds": 1, "dx": 1, "dy": 0}]}"#) == nil)
        // Almost no direction walked slower than its speed: refused too.
        let tiny = MeaninglessFloorTests.problem(#"{\#(Self.floor), "faults": [{"kind": "walk-away", "phone": 1, "atSeconds": 1, "dx": 1e-12, "dy": 0}]}"#)
        #expect(tiny?.problem.hasPrefix("dx and dy are both under 0.000001 in size") == true, "\(tiny?.problem ?? "accepted")")
        #expect(MeaninglessFloorTests.problem(#"{\#(Self.floor), "faults": [{"kind": "walk-away", "phone": 1, "atSeconds": 1, "dx": 1e-6, "dy": 0}]}"#) == nil)
    }
}
