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

    @Test func aFileStartingWithAByteOrderMarkIsRefusedSayingSo() {
        let error = #expect(throws: JSONParser.Failure.self) { try JSONParser.parse("\u{FEFF}{\"seeds\": 1}") }
        #expect(error?.message.contains("UTF-8 byte-order mark") == true, "\(String(describing: error))")
    }

    @Test func aFolderGivenAsAFileIsRefusedSayingItIsAFolder() {
        let error = #expect(throws: InputError.self) { try TextFile.read("/") }
        #expect(error?.description.contains("Is a directory") == true, "\(String(describing: error))")
    }

    @Test func aMergeLineClaimingABillionRunsIsRefused() {
        #expect(throws: SweepMerge.Problem.self) { try SweepMerge.merge([(name: "a.jsonl", text: #"{"run":1,"runs":1000000000,"sweep":"0123456789abcdef","build":"b"}"#)]) }
    }

    @Test func aMergeLineCutOffIsRefusedAsNotWholeJSON() {
        let cut = #"{"run":1,"runs":2,"sweep":"0123456789abcdef","build":"b","cell":1,"seed":1,"params":{},"transa"#
        do {
            _ = try SweepMerge.merge([(name: "a.jsonl", text: cut)])
            Issue.record("a line cut off was merged")
        } catch {
            #expect(error.description.hasPrefix("a.jsonl, line 1: not a whole line of JSON (column "), "\(error)")
            #expect(error.description.contains("was the shard cut off?"), "\(error)")
        }
    }

    @Test func aMergeLineWhoseFiguresNoSweepWritesIsRefusedNamingTheFigure() throws {
        let identity = #""run":1,"runs":2,"sweep":"0123456789abcdef","build":"b""#
        let second = #"{"run":2,"runs":2,"sweep":"0123456789abcdef","build":"b","cell":2,"seed":1,"params":{},"transactions":3}"#
        func problem(_ figures: String) -> String? {
            do { _ = try SweepMerge.merge([(name: "a.jsonl", text: "{" + identity + "," + figures + "}\n" + second)]); return nil } catch { return error.description }
        }
        #expect(problem(#""cell":1,"seed":1,"params":{"x":1},"transactions":3,"wrong_till_rate":0.5,"start_to_secure_p50_s":null,"link_layer":"faithful""#) == nil)
        // A run that failed writes its error in place of its figures.
        #expect(problem(#""cell":1,"seed":1,"params":{"x":1},"error":"the floor could not be read""#) == nil)
        let cases: [(String, String)] = [
            (#""transactions":"abc""#, #""transactions" must be a count (a whole number from 0), got "abc""#),
            (#""transactions":-5"#, #""transactions" must be a count (a whole number from 0), got -5"#),
            (#""ending_1":2.5"#, #""ending_1" must be a count"#),
            (#""wrong_till_rate":1e308"#, #""wrong_till_rate" must be a number from 0 to 1, or null"#),
            (#""start_to_secure_p50_s":-1"#, #""start_to_secure_p50_s" must be a number of seconds from 0 to 1000000000, or null"#),
            (#""cell":5"#, #""cell" must be a whole number from 1 to the sweep's 2 runs, got 5"#),
            (#""seed":-1"#, #""seed" must be a whole number"#),
            (#""params":[1]"#, #""params" must be an object"#),
            (#""link_layer":3"#, #""link_layer" must be text"#),
            (#""ios_start_to_secure_p90_s":"fast""#, #""ios_start_to_secure_p90_s" must be a number of seconds from 0 to 1000000000, or null"#),
            (#""transaction":3"#, #""transaction" is not a figure a sweep of this build writes (a shard of another build?)"#),
            (#""windows_start_to_secure_p50_s":1"#, #""windows_start_to_secure_p50_s" is not a figure a sweep of this build writes"#),
            (#""floor":"checkout line""#, #""floor" is not a figure a sweep of this build writes"#),
        ]
        for (figures, expected) in cases {
            let message = problem(figures)
            #expect(message?.hasPrefix("a.jsonl, line 1: ") == true && message?.contains(expected) == true, "\(figures): \(message ?? "merged")")
        }
    }

    /// A sweep runs each cell's seeds one after another: a line whose cell, seed or parameters
    /// disagree with that layout (an edited shard) is refused, naming it.
    @Test func aMergeLineWhoseCellSeedOrParametersDisagreeWithTheSweepsLayoutIsRefused() throws {
        func line(_ run: Int, cell: Int, seed: Int, spacing: Int) -> String {
            #"{"run":\#(run),"runs":4,"sweep":"0123456789abcdef","build":"b","cell":\#(cell),"seed":\#(seed),"params":{"s":\#(spacing)},"transactions":1}"#
        }
        func merged(_ lines: [String]) -> String? {
            do { _ = try SweepMerge.merge([(name: "a.jsonl", text: lines.joined(separator: "\n"))]); return nil } catch { return error.description }
        }
        let good = [line(1, cell: 1, seed: 7, spacing: 1), line(2, cell: 1, seed: 8, spacing: 1), line(3, cell: 2, seed: 7, spacing: 2), line(4, cell: 2, seed: 8, spacing: 2)]
        #expect(merged(good) == nil)
        var edited = good
        edited[2] = line(3, cell: 1, seed: 7, spacing: 1)
        #expect(merged(edited)?.contains("a.jsonl, line 3: run 3 says cell 1, where a sweep of 2 cells of 2 seeds runs cell 2") == true, "\(merged(edited) ?? "merged")")
        edited = good
        edited[3] = line(4, cell: 2, seed: 9, spacing: 2)
        #expect(merged(edited)?.contains("a.jsonl, line 4: run 4 says seed 9, where its cell's seeds start at 7 (seed 8)") == true, "\(merged(edited) ?? "merged")")
        edited = good
        edited[3] = line(4, cell: 2, seed: 8, spacing: 5)
        #expect(merged(edited)?.contains("a.jsonl, line 4: cell 2 with other parameters than its run at a.jsonl, line 3") == true, "\(merged(edited) ?? "merged")")
        edited = good
        edited[3] = line(4, cell: 3, seed: 8, spacing: 2)
        #expect(merged(edited)?.contains("cell 3 of a sweep of 4 runs, which no number of cells of equal seeds makes") == true, "\(merged(edited) ?? "merged")")
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

    @Test func anInputLimitPastAQuarterOfTheMachinesMemoryIsRefused() {
        #expect(TextFile.inputLimit(nil) == TextFile.defaultInputLimit)
        #expect(TextFile.inputLimit("1") == 1)
        #expect(TextFile.inputLimit(String(TextFile.largestInputLimit)) == TextFile.largestInputLimit)
        #expect(TextFile.inputLimit(String(TextFile.largestInputLimit + 1)) == nil)
        #expect(TextFile.inputLimit("9223372036854775807") == nil)
        #expect(TextFile.inputLimit("0") == nil)
        #expect(TextFile.largestInputLimit >= TextFile.defaultInputLimit)
    }

    @Test func linesSplitOnNewlineWithACarriageReturnDropped() {
        #expect(TextLines.split("a\r\nb\nc\r\n").map { String($0.text) } == ["a", "b", "c", ""])
        #expect(TextLines.split("a\r\nb").map(\.number) == [1, 2])
        #expect(TextLines.excerpt(String(repeating: "y", count: 500)).count < 100)
    }

    @Test func aControlCharacterIsOneOfUnicodesCcForEveryScalar() {
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(TextLines.isControl(scalar) == (scalar.properties.generalCategory == .control), "U+\(String(value, radix: 16))")
        }
    }

    @Test func aDecimalNumberIsReadFromAStringOrASubstringAndNothingElseIs() {
        #expect(DecimalNumber.read("-1.5e2") == -150)
        #expect(DecimalNumber.read(Substring("x,+.5E1").dropFirst(2)) == 5)
        for text in ["", "0x1p2", "inf", "nan", "1e999", "1 ", "١", "1_0"] { #expect(DecimalNumber.read(text) == nil, "\(text)") }
    }

    @Test func anExcerptShowsControlCharactersAsEscapesNeverRaw() {
        #expect(TextLines.excerpt("a\u{1B}[2Jb\u{7F}\u{85}é") == #"a\u{1B}[2Jb\u{7F}\u{85}é"#)
        #expect(!TextLines.excerpt(String(repeating: "\u{1B}", count: 500)).contains("\u{1B}"))
    }
}
