import Testing
import MizanFormats

/// Whole numbers in JSON files are read from their text, exactly, never
/// through a `Double` (which holds whole numbers exactly only to 2^53): a seed
/// of 2^53 + 1 is that seed, and a value out of range or with a fraction is
/// refused with the field's name.
@Suite struct ExactNumberTests {
    func field(_ text: String) throws -> JSONObjectReader {
        try JSONObjectReader(JSONParser.parse(#"{"seed": "# + text + "}"), file: "f.json")
    }

    func seed(_ text: String) throws -> UInt64 {
        try field(text).integer("seed", in: UInt64(0)...UInt64.max)
    }

    @Test func aSeedAboveTwoToTheFiftyThreeIsReadExactly() throws {
        #expect(try seed("9007199254740993") == 9_007_199_254_740_993)
        #expect(try seed("9007199254740992") == 9_007_199_254_740_992)
    }

    @Test func theLargestSeedIsReadExactly() throws {
        #expect(try seed("18446744073709551615") == UInt64.max)
    }

    @Test func aSeedPastTheLargestIsRefusedByName() {
        let error = #expect(throws: JSONFileError.self) { try seed("18446744073709551616") }
        #expect(error?.field == "seed")
        #expect(error?.problem.contains("whole number from 0 to 18446744073709551615") == true)
    }

    @Test func aWholeNumberWithAFractionIsRefused() {
        #expect(throws: JSONFileError.self) { try seed("5.5") }
        #expect(throws: JSONFileError.self) { try seed("-1") }
    }

    @Test func aWholeNumberWrittenWithAFractionOrExponentIsTakenExactlyFromItsDigits() throws {
        #expect(try seed("1e3") == 1000)
        #expect(try seed("5.0") == 5)
        #expect(try seed("0e7") == 0)
        // As a Double these are 2^53 and 3e15: their digits say otherwise.
        #expect(try seed("9.007199254740993e15") == 9_007_199_254_740_993)
        #expect(throws: JSONFileError.self) { try seed("3000000000000000.1") }
        #expect(try seed("1844674407370955161.5e1") == UInt64.max)
        #expect(throws: JSONFileError.self) { try seed("1.8446744073709551616e19") }
        #expect(throws: JSONFileError.self) { try seed("25e-1") }
        // Exponents far past 64 bits: 0 stays 0, anything else is too large (and neither walks the exponent's digits).
        #expect(try seed("0e99999") == 0)
        #expect(try seed("0.000e100000000") == 0)
        #expect(throws: JSONFileError.self) { try seed("1e25") }
        #expect(throws: JSONFileError.self) { try seed("1e300") }
    }

    @Test func aWholeNumberWithMoreDigitsThanAnExponentCouldOnceSayIsStillExact() throws {
        // 1 and 5 written with 100,001 and 100,003 zeros and exponents to match: an exponent
        // capped at 100,000 read them as 10 and 5,000.
        let ones = "1" + String(repeating: "0", count: 100_001) + "e-100001"
        let fives = "5" + String(repeating: "0", count: 100_003) + "e-100003"
        #expect(try seed(ones) == 1)
        #expect(try seed(fives) == 5)
        #expect(try seed("1" + String(repeating: "0", count: 100_001) + "e-100000") == 10)
        #expect(throws: JSONFileError.self) { try seed("1" + String(repeating: "0", count: 100_001) + "e-100002") }
        #expect(try seed("0." + String(repeating: "0", count: 100_001) + "5e100003") == 50)
        // Leading zeros after the point count for nothing: 5, written with 24 of them.
        #expect(try seed("0.000000000000000000000005e24") == 5)
        #expect(try seed("0.00000000000000000000000018446744073709551615e44") == UInt64.max)
        #expect(throws: JSONFileError.self) { try seed("0.00000000000000000000000018446744073709551616e44") }
    }

    @Test func aNumberOutOfRangeIsNamedAsItIsNotAsARoundedNeighbourOfTheBound() throws {
        // Six decimals made 5e-324 "0", and "expected from -150 to 0, got 0" contradicted itself.
        let tiny = #expect(throws: JSONFileError.self) { try field("5e-324").optionalNumber("seed", in: -150...0) }
        #expect(tiny?.problem.hasSuffix("got 5e-324") == true, "\(tiny?.problem ?? "accepted")")
        let plain = #expect(throws: JSONFileError.self) { try field("0.5").optionalNumber("seed", in: -150...0) }
        #expect(plain?.problem.hasSuffix("got 0.5") == true, "\(plain?.problem ?? "accepted")")
    }

    @Test func negativeWholeNumbersAreExactToTheirTypesBounds() throws {
        #expect(try field("-9223372036854775808").integer("seed", in: Int64.min...Int64.max) == Int64.min)
        #expect(throws: JSONFileError.self) { try field("-9223372036854775809").integer("seed", in: Int64.min...Int64.max) }
        #expect(try field("-0").integer("seed", in: UInt64(0)...UInt64.max) == 0)
    }

    @Test func aNumberWrittenBackParsesToItselfMinusZeroAndUnderflowIncluded() throws {
        // Found by the JSON fuzz target: "-0" was written back as "0", which read as another number.
        for text in ["-0", "-0.0", "-1e-400", "1e-400", "9007199254740993", "-9223372036854775808", "18446744073709551616", "2.5e300"] {
            let value = try JSONParser.parse(text)
            #expect(try JSONParser.parse(JSON(value).compact) == value, "\(text) written back as \(JSON(value).compact)")
        }
        #expect(try JSONParser.parse("9007199254740993") != JSONParser.parse("9007199254740992"))
    }

    @Test func aParsedWholeNumberIsWrittenBackAsItsText() throws {
        #expect(JSON(try JSONParser.parse("[18446744073709551615, 9007199254740993, -42, 2.5, 1e2]")).compact
            == "[18446744073709551615,9007199254740993,-42,2.5,100]")
    }

    @Test func aSweepWhoseSeedsWouldPassTheLargestIsRefused() {
        let sweep = #"{"seeds": 3, "firstSeed": 18446744073709551614}"#
        let error = #expect(throws: JSONFileError.self) { try SweepFile.parse(sweep, file: "sweep.json") }
        #expect(error?.field == "firstSeed")
        #expect(error?.problem.contains("start at most at 18446744073709551613") == true)
    }

    @Test func aSweepMayEndOnTheLargestSeed() throws {
        let plan = try SweepFile.parse(#"{"seeds": 2, "firstSeed": 18446744073709551614}"#, file: "sweep.json")
        #expect(plan.seed(ofRun: 1) == UInt64.max)
    }
}
