import Testing
@testable import MizanFormats
import MizanSim
import MizanRadio

/// The payers' bodies in a floor file: by direction on the signal model, one
/// loss on the simple radio, and each refused on the other by name.
@Suite struct FloorFileBodyTests {
    static func floor(radio: String, phones: String) -> String {
        #"{"tills": {"row": {"count": 3, "spacing": 2}}, "payers": {"arrivals": "poisson", "meanGapSeconds": 20}, "radio": \#(radio), "phones": \#(phones)}"#
    }

    func error(_ text: String) -> String? {
        do { _ = try FloorFile.parse(text, file: "f.json"); return nil } catch { return error.description }
    }

    @Test func theSignalModelTakesACarriageAndASwing() throws {
        let plan = try FloorFile.parse(Self.floor(radio: #"{"advertising": "signal"}"#,
                                                  phones: #"{"carriage": {"hand": 0.5, "pocket": 0.5}, "bodySwing": {"mean": 8, "sd": 2}}"#), file: "f.json")
        #expect(plan.payerBehaviour.body == BodyModel(hand: 0.5, pocket: 0.5, backpack: 0, swingMean: 8, swingSD: 2))
        let fixed = try FloorFile.parse(Self.floor(radio: #"{"advertising": "signal"}"#, phones: #"{"carriage": "backpack", "bodySwing": 12}"#), file: "f.json")
        #expect(fixed.payerBehaviour.body == BodyModel(hand: 0, pocket: 0, backpack: 1, swingMean: 12, swingSD: 0))
    }

    @Test func withoutThemPayersHoldTheirPhoneAndTheirBodiesSwingAsMeasured() throws {
        let plan = try FloorFile.parse(Self.floor(radio: #"{"advertising": "signal"}"#, phones: "{}"), file: "f.json")
        #expect(plan.payerBehaviour.body == .handHeld)
    }

    @Test func aConstantBodyLossOnTheSignalModelIsRefusedNamingWhatTakesItsPlace() throws {
        let message = try #require(error(Self.floor(radio: #"{"advertising": "signal"}"#, phones: #"{"bodyLoss": 3}"#)))
        #expect(message.contains("phones.bodyLoss"))
        #expect(message.contains("phones.carriage") && message.contains("phones.bodySwing"))
    }

    @Test func theSimpleRadioTakesBodyLossAndRefusesTheDirection() throws {
        let plan = try FloorFile.parse(Self.floor(radio: #"{"advertising": "simple"}"#, phones: #"{"bodyLoss": 10}"#), file: "f.json")
        #expect(plan.payerBehaviour.bodyLoss == 10)
        let message = try #require(error(Self.floor(radio: #"{"advertising": "simple"}"#, phones: #"{"carriage": "hand"}"#)))
        #expect(message.contains("phones.carriage") && message.contains("signal model"))
    }

    @Test func sharesThatDoNotAddUpToOneAreRefused() throws {
        let message = try #require(error(Self.floor(radio: #"{"advertising": "signal"}"#, phones: #"{"carriage": {"hand": 0.5, "pocket": 0.2}}"#)))
        #expect(message.contains("phones.carriage") && message.contains("add up to 1"))
        #expect(error(Self.floor(radio: #"{"advertising": "signal"}"#, phones: #"{"carriage": "purse"}"#))?.contains("phones.carriage") == true)
        #expect(error(Self.floor(radio: #"{"advertising": "signal"}"#, phones: #"{"bodySwing": {"mean": 8, "spread": 2}}"#))?.contains("spread") == true)
    }
}
