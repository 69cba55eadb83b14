import Testing
import MizanFormats

/// The one JSON encoder: members in the order given, each number by its own
/// rule, one rule for what is not a finite number, and the three layouts the
/// outputs use.
@Suite struct JSONWriterTests {
    static let sample = JSON.object([
        ("b", .int(-3)), ("a", .array([.bool(true), .null, .string("x")])), ("o", .object([("k", .fixed(0.5, digits: 2))])),
    ])

    @Test func membersKeepTheirOrderInEachLayout() {
        #expect(Self.sample.compact == #"{"b":-3,"a":[true,null,"x"],"o":{"k":0.5}}"#)
        #expect(Self.sample.spaced == #"{"b": -3, "a": [true, null, "x"], "o": {"k": 0.5}}"#)
    }

    @Test func theLinesLayoutPutsEachMemberAndEachItemOfAMembersListOnALine() {
        let expected = """
        {
          "b": -3,
          "a": [
            true,
            null,
            "x"
          ],
          "o": {"k":0.5}
        }
        """
        #expect(JSONWriter.lines(.compact).text(Self.sample) == expected)
        #expect(JSONWriter.lines(.spaced).text(.array([.object([("a", .int(1)), ("b", .int(2))]), .array([])])) == "[\n  {\"a\": 1, \"b\": 2},\n  []\n]")
        #expect(JSONWriter.lines(.compact).text(.object([("empty", .array([]))])) == "{\n  \"empty\": []\n}")
        #expect(JSONWriter.lines(.compact).text(.object([])) == "{}")
    }

    @Test func eachKindOfNumberIsWrittenByItsRule() {
        #expect(JSON.unsigned(.max).compact == "18446744073709551615")
        #expect(JSON.int(.min).compact == "-9223372036854775808")
        #expect(JSON.number(0.25).compact == "0.25" && JSON.number(1).compact == "1.0")
        #expect(JSON.fixed(1.23456, digits: 3).compact == "1.235" && JSON.fixed(2, digits: 3).compact == "2")
        #expect(JSON.fixed(0.00001, digits: 6).compact == "0.00001", "no exponent notation for small numbers")
        #expect(JSON.decimal(12_000_100, places: 6).compact == "12.000100" && JSON.decimal(5, places: 6).compact == "0.000005")
        #expect(JSON.decimal(-1_500_000, places: 6).compact == "-1.500000" && JSON.decimal(7, places: 0).compact == "7")
        #expect(JSON.decimal(-5, places: 6).compact == "-0.000005", "a time between -1 and 0 keeps its sign")
    }

    @Test func whatIsNotAFiniteNumberIsNull() {
        for value in [Double.nan, .infinity, -.infinity] {
            #expect(JSON.number(value).compact == "null")
            #expect(JSON.fixed(value, digits: 2).compact == "null")
            #expect(JSON.figure(value).compact == "null")
        }
        #expect(JSON.figure(nil).compact == "null" && JSON.figure(0.123456).compact == "0.1235")
    }

    @Test func stringsWithNothingToEscapeAreWrittenAsTheyAre() {
        for text in ["", "till-3", "é", "🛒 pay", "\u{7F}", "a b/c"] {
            #expect(JSON.string(text).compact == "\"" + text + "\"")
        }
    }

    @Test func everyASCIIScalarIsWrittenAsJSONRequires() throws {
        // One scalar alone, and inside text that has nothing else to escape: the same escape either way.
        for value in UInt32(0)...0x7F {
            let scalar = try #require(Unicode.Scalar(value))
            let expected: String = switch scalar {
            case "\"": #"\""#
            case "\\": #"\\"#
            case "\n": #"\n"#
            case "\r": #"\r"#
            case "\t": #"\t"#
            default: value < 0x20 ? "\\u00" + (value < 0x10 ? "0" : "") + String(value, radix: 16) : String(Character(scalar))
            }
            #expect(JSON.string(String(Character(scalar))).compact == "\"" + expected + "\"", "U+\(String(value, radix: 16))")
            #expect(JSON.string("ab" + String(Character(scalar)) + "é").compact == "\"ab" + expected + "é\"", "U+\(String(value, radix: 16))")
        }
    }

    @Test func stringsAreEscapedAsJSONRequires() {
        #expect(JSON.string("a\"b\\c\nd\re\tf\u{1}g é").compact == #""a\"b\\c\nd\re\tf\u0001g é""#)
        #expect(JSON.object([("k\"ey", .string(""))]).compact == #"{"k\"ey":""}"#)
    }

    @Test func aParsedValueWrittenBackParsesToItself() throws {
        let text = #"{"n": 3, "x": 2.5, "big": 1e20, "list": [true, null, "s\n"], "o": {}}"#
        let parsed = try JSONParser.parse(text)
        let written = JSON(parsed).compact
        #expect(written == #"{"n":3,"x":2.5,"big":1e+20,"list":[true,null,"s\n"],"o":{}}"#)
        #expect(try JSONParser.parse(written) == parsed)
    }

    @Test func writtenTextIsEmbeddedAsItIs() {
        #expect(JSON.array([.written(#"{"a":1}"#), .int(2)]).spaced == #"[{"a":1}, 2]"#)
    }
}
