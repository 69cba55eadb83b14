import Testing
@testable import MizanSim
import MizanFormats
@testable import MizanRadio

/// A floor file's radio section picks the advertising model and sets the
/// signal model's fields (docs/signal-model.md, docs/floor-files.md).
@Suite struct FloorFileSignalTests {
    static func floor(radio: String, phones: String = "") -> String {
        #"{"tills": {"row": {"count": 3}}, "payers": {"arrivals": "pairs"}, "radio": "# + radio + phones + "}"
    }

    func error(_ text: String) -> JSONFileError? {
        do { _ = try FloorFile.parse(text, file: "bad.json"); return nil } catch { return error }
    }

    @Test func theDefaultRadioIsTheSignalModelAndTheIdealOneTheSimple() throws {
        #expect(try FloorFile.parse(Self.floor(radio: "{}"), file: "a.json").radio.advertising == .signal)
        #expect(try FloorFile.parse(Self.floor(radio: #"{"ideal": true}"#), file: "a.json").radio.advertising == .simple)
        #expect(try FloorFile.parse(Self.floor(radio: #"{"advertising": "simple", "packetSigma": 4}"#), file: "a.json").radio.packetSigma == 4)
    }

    @Test func bystandersLoadFromTheFloorFile() throws {
        let plan = try FloorFile.parse(Self.floor(radio: #"{"bystanderEventsPerSecond": 125, "bystanderRSSI": -70, "bystanderSpread": 4}"#), file: "a.json")
        #expect(plan.radio.bystanderEventsPerSecond == 125)
        #expect(plan.radio.bystanderRSSI == -70 && plan.radio.bystanderSpread == 4)
    }

    @Test func aBadBystanderRateIsRefusedNamingTheFieldAndTheRange() {
        for bad in ["-1", "5000", "\"many\""] {
            let failure = error(Self.floor(radio: #"{"bystanderEventsPerSecond": "# + bad + "}"))
            #expect(failure?.field == "radio.bystanderEventsPerSecond", "\(bad)")
            #expect(failure?.problem.contains("from 0 to 2000") == true, "\(String(describing: failure?.problem))")
        }
    }

    @Test func aFieldOfTheOtherModelIsRefusedSayingWhichModelItBelongsTo() {
        let simpleOnSignal = error(Self.floor(radio: #"{"packetSigma": 6}"#))
        #expect(simpleOnSignal?.field == "radio.packetSigma")
        #expect(simpleOnSignal?.problem.contains("\"advertising\": \"simple\"") == true)
        let signalOnSimple = error(Self.floor(radio: #"{"advertising": "simple", "bystanderEventsPerSecond": 100}"#))
        #expect(signalOnSimple?.field == "radio.bystanderEventsPerSecond")
        #expect(signalOnSimple?.problem.contains("\"advertising\": \"signal\"") == true)
    }

    @Test func measuredTillOffsetsDrawNoOffsetOfTheirOwn() throws {
        let plan = try FloorFile.parse(Self.floor(radio: #"{"tillOffsets": [{"till": 1, "offset": 2}]}"#), file: "a.json")
        #expect(plan.radio.tillOffsetSigma == 0)
        #expect(try FloorFile.parse(Self.floor(radio: "{}"), file: "a.json").radio.tillOffsetSigma == TillOffsets.danisSpread)
    }

    @Test func aPlatformPicksItsScanMode() throws {
        let phones = #", "phones": {"platforms": [{"name": "android", "share": 1, "scanMode": "balanced"}]}"#
        let plan = try FloorFile.parse(Self.floor(radio: "{}", phones: phones), file: "a.json")
        guard case let .faithful(profiles) = plan.linkLayer else { Issue.record("faithful by default"); return }
        #expect(profiles.phones.first?.profile.scan == .androidBalanced)
        let bad = error(Self.floor(radio: "{}", phones: #", "phones": {"platforms": [{"name": "android", "share": 1, "scanMode": "fast"}]}"#))
        #expect(bad?.field == "phones.platforms[0].scanMode" || bad?.field.hasSuffix("scanMode") == true, "\(String(describing: bad?.field))")
    }
}

/// A floor file's `farField`: a breakpoint and exponent, or "none".
@Suite struct FloorFileFarFieldTests {
    func plan(_ radio: String) throws -> FloorPlan {
        try FloorFile.parse(FloorFileSignalTests.floor(radio: radio), file: "a.json")
    }

    @Test func theFarFieldIsTheLargeSpacesUnlessTheFileSetsOneOrNone() throws {
        #expect(try plan("{}").radio.farField == .largeSpace)
        #expect(try plan(#"{"farField": "none"}"#).radio.farField == nil)
        let own = try plan(#"{"farField": {"breakpointM": 50, "exponent": 4}}"#).radio.farField
        #expect(own?.breakpoint == 50 && own?.exponent == 4)
    }

    @Test func aBadFarFieldIsRefusedNamingTheField() {
        for (radio, field) in [(#"{"farField": "steep"}"#, "radio.farField"), (#"{"farField": {"breakpointM": 0, "exponent": 4}}"#, "radio.farField.breakpointM"),
                               (#"{"farField": {"breakpointM": 30}}"#, "radio.farField.exponent"), (#"{"farField": {"breakpointM": 30, "exponent": 3.5, "slope": 2}}"#, "radio.farField.slope")] {
            do {
                _ = try plan(radio)
                Issue.record("accepted \(radio)")
            } catch {
                #expect("\(error)".contains(field), "\(error)")
            }
        }
    }

    @Test func aFarFieldOfTheWrongKindIsRefusedNamingBothForms() {
        for radio in [#"{"farField": 3}"#, #"{"farField": [30, 3.5]}"#, #"{"farField": true}"#] {
            do {
                _ = try plan(radio)
                Issue.record("accepted \(radio)")
            } catch {
                #expect("\(error)".contains("radio.farField") && "\(error)".contains("breakpointM") && "\(error)".contains("\"none\""), "\(error)")
            }
        }
    }
}
