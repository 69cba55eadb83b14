import Testing
@testable import MizanFormats

/// Inputs that trapped, hung or took gigabytes: each is now refused with its bound.
@Suite struct HostileInputTests {
    static func sweep(axes: Int) -> String {
        let grid = (0..<axes).map { #"{"field": "x\#($0)", "values": [1, 2]}"# }.joined(separator: ",")
        return #"{"seeds": 1, "grid": [\#(grid)]}"#
    }

    @Test(arguments: [64, 40, 14])
    func aGridBeyondTheCellLimitIsRefusedBeforeAnyCellIsChecked(axes: Int) {
        do {
            _ = try SweepFile.parse(Self.sweep(axes: axes), file: "s.json")
            Issue.record("a \(axes)-axis grid was accepted")
        } catch {
            #expect(error.problem.contains("more than 10000 cells"), "\(error)")
        }
    }

    @Test func aGridWithinTheLimitIsStillChecked() {
        // 2^13 = 8,192 cells: counted, then each checked as a floor (the field x0 is no floor field).
        do {
            _ = try SweepFile.parse(Self.sweep(axes: 13), file: "s.json")
            Issue.record("an unknown floor field was accepted")
        } catch {
            #expect(!error.problem.contains("cells"), "\(error)")
        }
    }

    @Test func aMergeLineClaimingABillionRunsIsRefused() {
        #expect(throws: SweepMerge.Problem.self) { try SweepMerge.merge([(name: "a.jsonl", text: #"{"run":1,"runs":1000000000,"sweep":"0123456789abcdef","build":"b"}"#)]) }
    }

    @Test func aMergeMissingRunsCountsThemWithoutListingEvery() {
        do {
            _ = try SweepMerge.merge([(name: "a.jsonl", text: #"{"run":2,"runs":10000000,"sweep":"0123456789abcdef","build":"b"}"#)])
            Issue.record("merged with runs missing")
        } catch {
            #expect(error.description.contains("9999999 of 10000000 runs missing (first: run 1)"))
        }
    }

    @Test func anObjectWithTwoHundredThousandKeysIsCheckedForRepeatsInOnePass() {
        var text = "{"
        for key in 0..<200_000 { text += "\"k\(key)\": 0, " }
        text += "\"k0\": 1}"
        do {
            _ = try JSONParser.parse(text)
            Issue.record("a repeated field was accepted")
        } catch {
            #expect("\(error)".contains("field 'k0' appears twice"))
        }
    }

    @Test func aDocumentOfMoreValuesThanTheLimitIsRefusedWhereTheLimitIsPassed() throws {
        // Nested one-item arrays: the input that takes the most memory for its size once parsed.
        let item = "[[[[[[[[[[1]]]]]]]]]]", items = JSONParser.maximumValues / 11
        let atLimit = "[" + Array(repeating: item, count: items).joined(separator: ",") + "]"
        #expect(throws: Never.self) { try JSONParser.parse(atLimit) }
        do {
            _ = try JSONParser.parse("[" + Array(repeating: item, count: items + 1).joined(separator: ",") + "]")
            Issue.record("a document past the limit was accepted")
        } catch {
            #expect(error.message.contains("more than \(JSONParser.maximumValues) values"), "\(error)")
            #expect(error.column == 1 + items * (item.count + 1) + 1, "at the first value past the limit: \(error)")
        }
    }

    @Test func aFileThatNeverEndsIsRefusedAtTheInputLimit() {
        do {
            _ = try TextFile.read("/dev/zero", limit: 1 << 20)
            Issue.record("read /dev/zero")
        } catch {
            #expect(error.reason.contains("input limit of 1048576 bytes"))
            #expect(error.reason.contains("MIZAN_INPUT_LIMIT"))
        }
        #expect(throws: InputError.self) { try TextFile.read("/dev/zero") }
    }

    @Test func linesSplitOnNewlineWithACarriageReturnDropped() {
        #expect(TextLines.split("a\r\nb\nc\r\n").map { String($0.text) } == ["a", "b", "c", ""])
        #expect(TextLines.split("a\r\nb").map(\.number) == [1, 2])
        #expect(TextLines.excerpt(String(repeating: "y", count: 500)).count < 100)
    }
}
