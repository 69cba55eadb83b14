import Testing
import MizanFormats
@testable import MizanRehearsal

/// An invalid lane file gets an error that names the file, the field and
/// what was expected; unknown fields are errors.
@Suite struct LaneFileTests {
    static let valid = """
    {
      "about": "a lane",
      "expect": {"ending": 1, "host": "paid", "phone": "paid", "charged": true},
      "amount": {"minorUnits": 4217, "currency": "EUR"},
      "till": {"id": 40961, "label": "Checkout Nine"},
      "central": 77813,
      "real": "host",
      "actions": [{"do": "lock", "at": 0}],
      "peer": {"steps": [{"do": "connect"}, {"do": "send", "frame": "phone key"}], "ends": "paid"}
    }
    """

    func decodingError(_ replace: String, with replacement: String) -> JSONFileError? {
        let text = Self.valid.replacingFirst(replace, with: replacement)
        #expect(text != Self.valid, "the test's replacement did not apply")
        do {
            _ = try LaneDecoder.parse(text, file: "lanes/x.json")
            return nil
        } catch {
            return error
        }
    }

    @Test func theValidFileDecodes() throws {
        let lane = try LaneDecoder.parse(Self.valid, file: "lanes/99-x.json")
        #expect(lane.name == "99-x")
        #expect(lane.peer.steps == [.connect, .send(.phoneKey, tamper: nil)])
    }

    @Test(arguments: [
        // (what to replace, with what, field named, words of the message)
        ("\"central\": 77813,", "\"central\": 77813, \"colour\": 1,", "colour", "unknown field"),
        ("{\"do\": \"connect\"}", "{\"do\": \"connect\", \"speed\": 2}", "peer.steps[0].speed", "unknown field"),
        ("{\"do\": \"connect\"}", "{\"do\": \"conect\"}", "peer.steps[0].do", "expected one of \"connect\""),
        ("{\"do\": \"connect\"}", "{\"do\": \"advertise\"}", "peer.steps[0].do", "got \"advertise\""),
        ("\"frame\": \"phone key\"}", "\"frame\": \"phone key\", \"tamper\": \"flip\"}", "peer.steps[1].tamper", "only on a sealed frame"),
        ("\"ending\": 1", "\"ending\": 99", "expect.ending", "expected the number of an ending"),
        ("\"ending\": 1", "\"ending\": \"1\"", "expect.ending", "expected a whole number"),
        ("\"host\": \"paid\"", "\"host\": \"none\"", "expect.host", "the real side must end"),
        ("\"phone\": \"paid\"", "\"phone\": \"Paid\"", "expect.phone", "got \"Paid\""),
        ("\"currency\": \"EUR\"", "\"currency\": \"euro\"", "amount.currency", "three letters"),
        ("\"minorUnits\": 4217", "\"minorUnits\": 0", "amount.minorUnits", "expected a whole number from 1"),
        ("\"label\": \"Checkout Nine\"", "\"label\": \"\"", "till.label", "1 to 32 bytes"),
        ("{\"do\": \"lock\", \"at\": 0}", "{\"do\": \"lock\"}", "actions[0].at", "missing"),
        ("{\"do\": \"lock\", \"at\": 0}", "{\"do\": \"lock\", \"on\": \"nowhere\"}", "actions[0].on", "expected one of"),
        ("{\"do\": \"lock\", \"at\": 0}", "{\"do\": \"pick\", \"at\": 0}", "actions[0].outcome", "missing"),
        ("\"real\": \"host\",", "", "real", "missing"),
        ("\"ends\": \"paid\"", "\"ends\": \"paid\", \"ends\": \"paid\"", "", "appears twice"),
        ("\"central\": 77813,", "\"central\": 77813,,", "", "line 6"),
    ])
    func aBadFileNamesTheFileAndTheField(_ replace: String, _ replacement: String, _ field: String, _ words: String) throws {
        let error = try #require(decodingError(replace, with: replacement))
        #expect(error.file == "lanes/x.json")
        #expect(error.field == field)
        #expect(error.description.contains(words), "\(error)")
        #expect(error.description.hasPrefix("lanes/x.json: "))
    }

    @Test func aLanesSeedAboveTwoToTheFiftyThreeIsTheSeedItUses() throws {
        let text = Self.valid.replacingFirst(#""central": 77813,"#, with: #""central": 77813, "seed": 9007199254740993,"#)
        #expect(try LaneDecoder.parse(text, file: "lanes/x.json").seed == 9_007_199_254_740_993)
        let largest = Self.valid.replacingFirst(#""central": 77813,"#, with: #""central": 77813, "seed": 18446744073709551615,"#)
        #expect(try LaneDecoder.parse(largest, file: "lanes/x.json").seed == UInt64.max)
    }

    @Test func aMissingFileIsAnErrorNamingIt() {
        #expect(throws: JSONFileError.self) { try LaneDecoder.load(path: "/nonexistent/lane.json") }
        #expect(throws: JSONFileError.self) { try LaneRunner.load(directory: RepoPaths.lanes, only: "no-such-lane") }
    }

    @Test func aLaneWithTheWrongExpectationFails() throws {
        let text = Self.valid.replacingFirst("\"phone\": \"paid\"", with: "\"phone\": \"failed\"")
        let result = LaneRunner.run(try LaneDecoder.parse(text, file: "lanes/x.json"))
        #expect(!result.passed)
        #expect(result.problems.contains { $0.contains("the scripted phone") })
    }
}

extension String {
    /// The string with the first occurrence of `target` replaced (no Foundation).
    func replacingFirst(_ target: String, with replacement: String) -> String {
        let parts = split(separator: target, maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return self }
        return parts[0] + replacement + parts[1]
    }
}
