import Foundation
import Testing
@testable import MizanSim
@testable import MizanFormats

/// Floor files: valid ones load into the plan they describe; each kind of
/// mistake is an error that names the file, the field and what was expected.
@Suite struct FloorFileTests {
    static let minimal = #"{"tills": {"row": {"count": 3}}, "payers": {"arrivals": "pairs"}}"#

    func error(_ text: String) -> JSONFileError? {
        do { _ = try FloorFile.parse(text, file: "bad.json"); return nil } catch { return error }
    }

    @Test func aMinimalFloorLoadsWithDefaults() throws {
        let plan = try FloorFile.parse(Self.minimal, file: "min.json")
        #expect(plan.tills.count == 3)
        #expect(plan.tills[2].position.x == 4)
        #expect(plan.duration == .seconds(600))
        #expect(plan.payers == .pairs(distance: 0.5, phonesPerTill: 1))
    }

    @Test func theEmbeddedDefaultFloorIsTheExampleCheckoutLine() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("examples/checkout-line.json")
        #expect(try String(contentsOf: url, encoding: .utf8) == DefaultFloor.json)
        let plan = try DefaultFloor.plan()
        #expect(plan.tills.count == 20)
        #expect(plan.payers == .queues(meanGap: .seconds(20), idle: 0))
    }

    @Test func everyExampleFloorLoads() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("examples")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        let floors = files.filter { !$0.hasPrefix("sweep-") }
        #expect(floors.count >= 5)
        for file in floors { _ = try FloorFile.load(path: folder.appendingPathComponent(file).path) }
        for file in files where file.hasPrefix("sweep-") { _ = try SweepFile.load(path: folder.appendingPathComponent(file).path) }
    }

    @Test func malformedJSONSaysTheLineAndColumn() {
        let failure = error("{\n  \"tills\": [,]\n}")
        #expect(failure?.file == "bad.json")
        #expect(failure?.description.contains("line 2, column 13") == true)
    }

    @Test func anUnknownFieldIsAnError() {
        #expect(error(#"{"tills": {"row": {"count": 3}}, "payers": {"arrivals": "pairs"}, "tils": 1}"#)
            == JSONFileError(file: "bad.json", field: "tils", problem: #"unknown field; expected one of "tills", "payers", "minutes", "name", "area", "operators", "phones", "radio", "walls", "faults""#))
        #expect(error(#"{"tills": {"row": {"count": 3, "spacin": 2}}, "payers": {"arrivals": "pairs"}}"#)?.field == "tills.row.spacin")
    }

    @Test func aFieldOfAnotherKindOfArrivalsIsNamedAsSuch() {
        #expect(error(#"{"tills": {"row": {"count": 3}}, "payers": {"arrivals": "poisson", "meanGapSeconds": 5, "distance": 1}}"#)
            == JSONFileError(file: "bad.json", field: "payers.distance", problem: #"a field of "arrivals": "pairs", and these payers' arrivals are "poisson""#))
        #expect(error(#"{"tills": {"row": {"count": 3}}, "payers": {"arrivals": "pairs", "present": 4}}"#)?.problem
            == #"a field of "arrivals": "continuous", and these payers' arrivals are "pairs""#)
        #expect(error(#"{"tills": {"row": {"count": 3}}, "payers": {"arrivals": "pairs", "queueLimit": 4}}"#)?.problem
            == #"a field of "arrivals": "poisson", and these payers' arrivals are "pairs""#)
    }

    @Test func aRequiredFieldMisspelledIsNamedAsAMisspelling() {
        #expect(error(#"{"tills": {"row": {"count": 3}}, "payers": {"arrivals": "poisson", "meanGapSecond": 5}}"#)?.problem
            == #"missing; expected a number of seconds (is "meanGapSecond" a misspelling of it?)"#)
        #expect(error(#"{"tills": {"row": {"count": 3}}, "payers": {"arrivals": "poisson"}}"#)?.problem == "missing; expected a number of seconds")
        #expect(JSONObjectReader.isNear("MeanGapSeconds", "meanGapSeconds") && JSONObjectReader.isNear("meanGapSecnds", "meanGapSeconds"))
        #expect(!JSONObjectReader.isNear("idle", "meanGapSeconds") && !JSONObjectReader.isNear("abcd", "wxyz"))
        // Short names are alike: never guessed between.
        for (a, b) in [("x", "y"), ("at", "do"), ("base", "name"), ("about", "amount")] { #expect(!JSONObjectReader.isNear(a, b), "\(a) \(b)") }
        #expect(error(#"{"tills": {"list": [{"y": 0}]}, "payers": {"arrivals": "pairs"}}"#)?.problem.contains("misspelling") == false)
    }

    @Test func aValueOfTheWrongKindIsAnError() {
        let failure = error(#"{"tills": {"row": {"count": "three"}}, "payers": {"arrivals": "pairs"}}"#)
        #expect(failure == JSONFileError(file: "bad.json", field: "tills.row.count", problem: #"expected a whole number from 1 to 2000, got "three""#))
    }

    @Test func aValueOutOfRangeIsAnError() {
        let failure = error(#"{"tills": {"row": {"count": 3}}, "payers": {"arrivals": "pairs"}, "operators": {"successProbability": 1.5}}"#)
        #expect(failure?.field == "operators.successProbability")
        #expect(failure?.problem.contains("from 0 to 1, got 1.5") == true)
    }

    @Test func aMissingRequiredFieldIsAnError() {
        #expect(error(#"{"payers": {"arrivals": "pairs"}}"#)?.field == "tills")
        #expect(error(#"{"tills": {"row": {"count": 3}}}"#)?.field == "payers")
        #expect(error(#"{"tills": {"row": {"count": 3}}, "payers": {"arrivals": "poisson"}}"#)?.field == "payers.meanGapSeconds")
    }

    @Test func anUnknownChoiceListsTheChoices() {
        let failure = error(#"{"tills": {"row": {"count": 3}}, "payers": {"arrivals": "stampede"}}"#)
        #expect(failure?.field == "payers.arrivals")
        #expect(failure?.problem.contains("\"pairs\", \"poisson\" or") == true || failure?.problem.contains("\"poisson\"") == true)
    }

    @Test func aBadRangeIsAnError() {
        #expect(error(#"{"tills": {"row": {"count": 3}}, "payers": {"arrivals": "pairs", "reviewSeconds": [4, 1]}}"#)?.field == "payers.reviewSeconds")
        #expect(error(#"{"tills": {"row": {"count": 3}}, "payers": {"arrivals": "pairs", "reviewSeconds": 2}}"#)?.field == "payers.reviewSeconds")
    }

    @Test func aBadCurrencyIsAnError() {
        #expect(error(#"{"tills": {"row": {"count": 3}}, "payers": {"arrivals": "pairs", "currency": "euro"}}"#)?.field == "payers.currency")
    }

    @Test func aFaultNamingAMissingTillIsAnError() {
        let text = #"{"tills": {"row": {"count": 3}}, "payers": {"arrivals": "pairs"}, "faults": [{"kind": "bluetooth", "till": 9, "state": "off", "atSeconds": 1}]}"#
        #expect(error(text)?.field == "faults[0].till")
    }

    @Test func aFaultOfUnknownKindIsAnError() {
        let text = #"{"tills": {"row": {"count": 3}}, "payers": {"arrivals": "pairs"}, "faults": [{"kind": "meteor"}]}"#
        #expect(error(text)?.field == "faults[0].kind")
    }

    @Test func aTillLabelTooLongIsAnError() {
        let label = String(repeating: "x", count: 40)
        let text = #"{"tills": [{"x": 0, "y": 0, "label": ""# + label + #""}], "payers": {"arrivals": "pairs"}}"#
        #expect(error(text)?.field == "tills[0].label")
    }

    @Test func aDuplicateFieldIsAnError() {
        #expect(error(#"{"tills": {"row": {"count": 3}}, "tills": 1}"#)?.problem.contains("appears twice") == true)
    }

    @Test func anUnreadableFileIsAnError() {
        #expect(throws: JSONFileError.self) { try FloorFile.load(path: "/nonexistent/floor.json") }
    }

    @Test func theFileDescribesTheFloor() throws {
        let text = #"""
        {"name": "two tills", "minutes": 2, "tills": [{"x": 0, "y": 0, "label": "North", "countdownSeconds": 30}, {"x": 3, "y": 1}],
         "payers": {"arrivals": "poisson", "meanGapSeconds": 15, "idle": 4},
         "radio": {"ideal": true, "tillOffsets": [{"till": 2, "offset": -3}]},
         "faults": [{"kind": "drop-link-at-step", "step": "after-confirm", "afterMs": 2}]}
        """#
        let plan = try FloorFile.parse(text, file: "two.json")
        #expect(plan.name == "two tills")
        #expect(plan.duration == .seconds(120))
        #expect(plan.tills[0].label == "North" && plan.tills[0].countdown == .seconds(30))
        #expect(plan.tills[1].rssiOffset == -3)
        #expect(plan.radio.packetSigma == 0)
        #expect(plan.payers == .queues(meanGap: .seconds(15), idle: 4))
        #expect(plan.faults == [.dropLinkAtStep(.afterConfirm, phone: nil, after: .milliseconds(2))])
    }

    @Test func aShallowFloorRunsWithItsIdlePayersOnIt() throws {
        let text = #"{"minutes": 0.2, "area": {"width": 4, "depth": 0.5}, "tills": {"row": {"count": 2}}, "payers": {"arrivals": "poisson", "meanGapSeconds": 3, "idle": 5}}"#
        let report = try Floor(plan: FloorFile.parse(text, file: "shallow.json"), seed: 1).run()
        #expect(report.violations.isEmpty)
    }

    @Test func tillsCanBringTheirOwnAmounts() throws {
        let text = #"{"minutes": 0.5, "tills": [{"x": 0, "y": 0, "amountMinorUnits": [500, 500]}, {"x": 9, "y": 0}], "payers": {"arrivals": "pairs", "amountMinorUnits": [70, 70]}}"#
        let plan = try FloorFile.parse(text, file: "amounts.json")
        #expect(plan.tills[0].amountRange == 500...500)
        #expect(plan.tills[1].amountRange == nil)
        var amounts: [String] = []
        let floor = try Floor(plan: plan, seed: 1)
        _ = floor.run()
        amounts = floor.phones.map { $0.amount.map { String($0.minorUnits) } ?? "-" }
        #expect(amounts == ["500", "70"])
    }

    @Test func phonesCanArriveWithBluetoothOffOrNotAllowed() throws {
        let off = #"{"minutes": 0.2, "tills": {"row": {"count": 3}}, "payers": {"arrivals": "pairs"}, "phones": {"bluetoothOffFraction": 1}}"#
        let report = try Floor(plan: FloorFile.parse(off, file: "off.json"), seed: 1).run()
        #expect(!report.ledger.attempts.isEmpty)
        #expect(report.ledger.attempts.allSatisfy { $0.ending == .bluetoothOff })
        let both = #"{"tills": {"row": {"count": 3}}, "payers": {"arrivals": "pairs"}, "phones": {"bluetoothOffFraction": 0.6, "bluetoothNotAllowedFraction": 0.6}}"#
        #expect(error(both)?.field == "phones.bluetoothNotAllowedFraction")
    }

    @Test func phonesCanUseAnyStrategyByName() throws {
        let text = #"{"tills": {"row": {"count": 2}}, "payers": {"arrivals": "pairs"}, "phones": {"selection": {"name": "confident", "base": "strongest", "window": 0.5, "margin": 4, "deadline": 2}}}"#
        let plan = try FloorFile.parse(text, file: "strategy.json")
        #expect(plan.phoneSelection == .confidentOrWait(base: .strongestSample(window: .milliseconds(500)), margin: 4, deadline: .seconds(2)))
        let unknown = #"{"tills": {"row": {"count": 2}}, "payers": {"arrivals": "pairs"}, "phones": {"selection": {"name": "mean", "margin": 4}}}"#
        #expect(error(unknown)?.field == "phones.selection")
    }
}
