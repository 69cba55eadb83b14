import Testing
import MizanFormats

/// Floors that mean nothing physically are refused with the reason.
@Suite struct MeaninglessFloorTests {
    static func problem(_ text: String) -> (field: String, problem: String)? {
        do {
            _ = try FloorFile.parse(text, file: "f.json")
            return nil
        } catch {
            return (error.field, error.problem)
        }
    }

    @Test func tillsAtOnePositionAreRefused() {
        let failure = Self.problem(#"{"tills": [{"x": 1, "y": 2}, {"x": 4, "y": 2}, {"x": 1, "y": 2}], "payers": {"arrivals": "pairs"}}"#)
        #expect(failure?.field == "tills[2].x")
        #expect(failure?.problem.hasPrefix("at the same position as tills[0]") == true, "\(failure?.problem ?? "accepted")")
        #expect(Self.problem(#"{"tills": [{"x": 1, "y": 2}, {"x": 1, "y": 2, "z": 2}], "payers": {"arrivals": "pairs"}}"#) == nil)
    }

    @Test func aFaultAfterTheRunsEndIsRefused() {
        let failure = Self.problem(#"{"minutes": 1, "tills": {"row": {"count": 2}}, "payers": {"arrivals": "pairs"}, "faults": [{"kind": "drop-link", "atSeconds": 61}]}"#)
        #expect(failure?.field == "faults[0].atSeconds")
        #expect(failure?.problem.hasPrefix("after the run's end (60 s)") == true, "\(failure?.problem ?? "accepted")")
        #expect(Self.problem(#"{"minutes": 1, "tills": {"row": {"count": 2}}, "payers": {"arrivals": "pairs"}, "faults": [{"kind": "drop-link", "atSeconds": 60}]}"#) == nil)
    }

    @Test func aSupervisionTimeoutWithinTwoConnectionIntervalsIsRefused() {
        let failure = Self.problem(#"{"tills": {"row": {"count": 2}}, "payers": {"arrivals": "pairs"}, "radio": {"link": "simple", "connectionIntervalMs": 400, "supervisionTimeoutMs": 300}}"#)
        #expect(failure?.field == "radio.supervisionTimeoutMs")
        #expect(failure?.problem.hasPrefix("expected more than twice the connection interval (400 ms)") == true, "\(failure?.problem ?? "accepted")")
        #expect(Self.problem(#"{"tills": {"row": {"count": 2}}, "payers": {"arrivals": "pairs"}, "radio": {"link": "simple", "connectionIntervalMs": 400, "supervisionTimeoutMs": 801}}"#) == nil)
    }

    @Test func aFaultNamingAPhoneThePairsNeverHaveIsRefused() {
        let failure = Self.problem(#"{"tills": {"row": {"count": 2}}, "payers": {"arrivals": "pairs"}, "faults": [{"kind": "walk-away", "phone": 3, "atSeconds": 1}]}"#)
        #expect(failure?.field == "faults[0].phone")
        #expect(failure?.problem == "phone 3 is not on the floor (its payers have phones 1 to 2): the fault would never happen")
        // Payers who keep arriving: any phone may come.
        #expect(Self.problem(#"{"tills": {"row": {"count": 2}}, "payers": {"arrivals": "poisson", "meanGapSeconds": 5}, "faults": [{"kind": "walk-away", "phone": 300, "atSeconds": 1}]}"#) == nil)
    }

    @Test func aPatienceThatCancelsAtOnceIsRefused() {
        func floor(payers: String, operators: String) -> String {
            #"{"tills": {"row": {"count": 1}}, "payers": {"arrivals": "pairs"\#(payers)}, "operators": {\#(operators)}}"#
        }
        let payers = Self.problem(floor(payers: #", "cancelAfterSeconds": 0.4"#, operators: ""))
        #expect(payers?.field == "payers.cancelAfterSeconds")
        #expect(payers?.problem == "expected a number from 0.5 to 3600, got 0.4")
        let operators = Self.problem(floor(payers: "", operators: #""cancelAfterSeconds": 0"#))
        #expect(operators?.field == "operators.cancelAfterSeconds")
        #expect(operators?.problem == "expected a number from 0.5 to 3600, got 0")
        #expect(Self.problem(floor(payers: #", "cancelAfterSeconds": 0.5"#, operators: #""cancelAfterSeconds": 0.5"#)) == nil)
    }

    @Test func aTillGivenTwoOffsetsIsRefused() {
        let failure = Self.problem(#"{"tills": {"row": {"count": 2}}, "payers": {"arrivals": "pairs"}, "radio": {"tillOffsets": [{"till": 2, "offset": 1}, {"till": 2, "offset": 3}]}}"#)
        #expect(failure?.field == "radio.tillOffsets[1].till")
        #expect(failure?.problem == "till 2 already has an offset (tillOffsets[0]): give each till one offset")
    }

    @Test func anAxisGivenTwiceInASweepGridIsRefused() {
        do {
            _ = try SweepFile.parse(#"{"seeds": 1, "grid": [{"field": "minutes", "values": [1]}, {"field": "radio.packetSigma", "values": [2, 3]}, {"field": "minutes", "values": [2]}]}"#, file: "s.json")
            Issue.record("a grid naming minutes twice was accepted")
        } catch {
            #expect(error.field == "grid[2].field")
            #expect(error.problem == "\"minutes\" appears twice in the grid")
        }
    }

    /// An axis inside another would set what the other sets, whichever came later silently
    /// winning; an empty name between dots would alias the field without it.
    @Test(arguments: [
        (#"[{"field": "radio", "values": [{}]}, {"field": "radio.packetSigma", "values": [2]}]"#, "grid[1].field",
         #""radio.packetSigma" lies inside "radio", an earlier axis of the grid: each cell would set it twice"#),
        (#"[{"field": "radio.packetSigma", "values": [2]}, {"field": "radio", "values": [{}]}]"#, "grid[1].field",
         #""radio" holds an earlier axis of the grid: each cell would set it twice"#),
        (#"[{"field": "radio.packetSigma", "values": [2]}, {"field": "radio..packetSigma", "values": [3]}]"#, "grid[1].field",
         #""radio..packetSigma" is not a dotted floor field: each name between the dots must be non-empty, e.g. "radio.packetSigma""#),
        (#"[{"field": "radio.", "values": [3]}]"#, "grid[0].field",
         #""radio." is not a dotted floor field: each name between the dots must be non-empty, e.g. "radio.packetSigma""#),
    ])
    func aSweepAxisInsideAnotherOrWithAnEmptyNameIsRefused(_ grid: String, _ field: String, _ problem: String) {
        do {
            _ = try SweepFile.parse(#"{"seeds": 1, "grid": \#(grid)}"#, file: "s.json")
            Issue.record("the grid \(grid) was accepted")
        } catch {
            #expect(error.field == field)
            #expect(error.problem == problem)
        }
    }

    @Test func sweepAxesThatShareOnlyAnOuterFieldAreKept() throws {
        let plan = try SweepFile.parse(#"{"seeds": 1, "grid": [{"field": "radio.advertisingIntervalMs", "values": [100, 200]}, {"field": "radio.pathLossExponent", "values": [1.6, 2]}]}"#, file: "s.json")
        #expect(plan.cells == 4)
    }

    @Test func aTillGivenTwoCalibrationOffsetsIsRefused() throws {
        let text = #"{"referenceRSSI": -59, "pathLossExponent": 2, "packetSigma": 4, "phoneHeight": 1.2, "tillOffsets": [{"till": 3, "offset": 1}, {"till": 4, "offset": 0}, {"till": 3, "offset": 2}]}"#
        do {
            _ = try CalibrationFile.read(try JSONObjectReader(try JSONObjectReader.parse(text, file: "c.json"), file: "c.json"))
            Issue.record("a calibration giving till 3 two offsets was accepted")
        } catch {
            #expect(error.field == "tillOffsets[2].till")
            #expect(error.problem == "till 3 appears twice")
        }
    }
}
