import Testing
@testable import MizanSim
import MizanFormats
@testable import MizanRadio

/// The link layer in a floor file: faithful by default (simple on an ideal
/// radio), the phone platforms' mix and overrides, the till's profile, and
/// clear errors for each mistake.
@Suite struct FloorFileLinkTests {
    static let tills = #""tills": {"row": {"count": 2}}, "payers": {"arrivals": "pairs"}"#

    func error(_ text: String) -> JSONFileError? {
        do { _ = try FloorFile.parse(text, file: "bad.json"); return nil } catch { return error }
    }

    @Test func aFloorRunsOnTheFaithfulLinkLayerUnlessItsRadioIsIdealOrSaysSimple() throws {
        #expect(try FloorFile.parse("{\(Self.tills)}", file: "a.json").linkLayer == .faithful(.standard))
        #expect(try FloorFile.parse(#"{\#(Self.tills), "radio": {"ideal": true}}"#, file: "b.json").linkLayer == .simple)
        #expect(try FloorFile.parse(#"{\#(Self.tills), "radio": {"link": "simple"}}"#, file: "c.json").linkLayer == .simple)
        #expect(try FloorFile.parse(#"{\#(Self.tills), "radio": {"ideal": true, "link": "faithful"}}"#, file: "d.json").linkLayer == .faithful(.standard))
    }

    @Test func theMixAndEveryOverrideLoad() throws {
        let text = #"""
        {\#(Self.tills),
         "phones": {"platforms": [{"name": "ios", "share": 0.3, "supervisionTimeoutMs": 2000},
                                  {"name": "android", "share": 0.7, "connectionIntervalMs": [45, 45], "mtu": 247}]},
         "radio": {"till": {"maxLinks": 2, "mtu": 100, "responseMedianMs": 10, "responseSigma": 0.5}}}
        """#
        guard case let .faithful(profiles) = try FloorFile.parse(text, file: "mix.json").linkLayer else {
            Issue.record("expected the faithful link layer"); return
        }
        #expect(profiles.phones.map(\.profile.name) == ["ios", "android"])
        #expect(profiles.phones.map(\.share) == [0.3, 0.7])
        #expect(profiles.phones[0].profile.supervisionTimeout == .seconds(2))
        #expect(profiles.phones[1].profile.connectionInterval == .milliseconds(45) ... .milliseconds(45))
        #expect(profiles.phones[1].profile.mtu == 247)
        #expect(profiles.till == TillProfile(name: "ipad", mtu: 100, maxLinks: 2, responseTime: LogNormal(median: .milliseconds(10), sigma: 0.5)))
    }

    @Test func eachMistakeInTheLinkLayerIsAnErrorNamingItsField() {
        #expect(error(#"{\#(Self.tills), "radio": {"link": "fast"}}"#)?.field == "radio.link")
        #expect(error(#"{\#(Self.tills), "phones": {"platforms": [{"name": "symbian", "share": 1}]}}"#)?.field == "phones.platforms[0].name")
        #expect(error(#"{\#(Self.tills), "phones": {"platforms": [{"name": "ios", "share": 0.5}]}}"#)?.field == "phones.platforms")
        #expect(error(#"{\#(Self.tills), "phones": {"platforms": [{"name": "ios"}]}}"#)?.field == "phones.platforms[0].share")
        #expect(error(#"{\#(Self.tills), "phones": {"platforms": [{"name": "ios", "share": 1, "mtu": 9}]}}"#)?.field == "phones.platforms[0].mtu")
        #expect(error(#"{\#(Self.tills), "radio": {"till": {"maxLinks": 0}}}"#)?.field == "radio.till.maxLinks")
        #expect(error(#"{\#(Self.tills), "radio": {"till": {"colour": "red"}}}"#)?.field == "radio.till.colour")
    }
}
