import Foundation
import Testing
import MizanSim
import MizanFormats

/// Every figure a summary writes has a kind that admits what it writes, so that
/// a reader of lines it did not write (`mizan merge`) checks each by its kind.
@Suite struct SummaryKindTests {
    static func report(_ phones: String) throws -> FloorReport {
        let text = #"{"minutes": 0.5, "tills": {"row": {"count": 8}}, "payers": {"arrivals": "pairs"}"# + phones + "}"
        return try Floor(plan: FloorFile.parse(text, file: "floor.json"), seed: 1).run()
    }

    @Test(arguments: [#", "phones": {"platforms": [{"name": "ios", "share": 0.5}, {"name": "android", "share": 0.5}]}"#,
                      #", "radio": {"link": "simple"}"#])
    func everyFigureASummaryWritesIsOfItsKind(phones: String) throws {
        let report = try Self.report(phones)
        #expect(report.byPlatform.count == (phones.contains("ios") ? 2 : 1))
        for row in SummaryFile.rows(report) {
            let kind = try #require(SummaryFile.kind(of: row.key), "\(row.key) has no kind")
            #expect(kind.admits(try JSONParser.parse(row.cell.json.compact)), "\(row.key): \(row.cell.json.compact) is not \(kind.expected)")
        }
    }

    /// The number `key` names at the top of a JSON object.
    static func number(_ key: String, in text: String) throws -> Double? {
        guard case let .object(members) = try JSONParser.parse(text), case let .number(number)? = members.first(where: { $0.key == key })?.value else { return nil }
        return number.value
    }

    /// A run stopped inside a virtual second ends at an instant with nanoseconds: its summary
    /// says the microsecond its trace's end record says (the rest dropped), not the nearest.
    @Test func aStoppedRunsSummaryEndsAtTheMicrosecondItsTraceEndsAt() throws {
        let text = #"{"minutes": 1, "tills": {"row": {"count": 20}}, "payers": {"arrivals": "pairs"}}"#
        var checked = 0
        for stopAt in 1...40 where checked < 2 {
            var asked = 0
            let report = try Floor(plan: FloorFile.parse(text, file: "floor.json"), seed: 1).run(stopping: { asked += 1; return asked == stopAt })
            // Only an end whose nanoseconds round up tells the two rules apart.
            guard report.simulated.attoseconds % 1_000_000_000_000 >= 500_000_000_000 else { continue }
            checked += 1
            var endLine = ""
            FloorTraceFile.end(TraceWriter { endLine = $0 }, at: report.simulated, run: TraceIdentity(describing: "floor", seed: 1))
            let end = try #require(try Self.number("t", in: endLine))
            let summary = try #require(try Self.number("virtual_seconds", in: SummaryFile.json(report)))
            #expect((summary * 1e6).rounded() == end, "summary \(summary) s, trace \(end) µs")
        }
        #expect(checked == 2, "no stop found whose nanoseconds round up")
    }

    @Test func aRunWhereNoPhoneChoseHasNoWrongTillRate() throws {
        let text = #"{"minutes": 0.01, "tills": {"row": {"count": 2}}, "payers": {"arrivals": "pairs"}}"#
        let report = try Floor(plan: FloorFile.parse(text, file: "floor.json"), seed: 1).run()
        #expect(report.attemptsWithChoice == 0 && report.wrongTillRate == nil)
        #expect(SummaryFile.json(report).replacingOccurrences(of: " ", with: "").contains(#""wrong_till_rate":null"#))
    }

    @Test func everyRunOfAFloorHasTheSameColumnsWhateverItsPhonesDid() throws {
        let floor = #"{"minutes": MIN, "tills": {"row": {"count": 2}}, "payers": {"arrivals": "pairs"}, "phones": {"platforms": [{"name": "ios", "share": 1}, {"name": "android", "share": 0}]}}"#
        let header: (String) throws -> Substring = { minutes in
            let report = try Floor(plan: FloorFile.parse(floor.replacingOccurrences(of: "MIN", with: minutes), file: "floor.json"), seed: 1).run()
            return SummaryFile.csv(report).split(separator: "\n")[0]
        }
        let brief = try header("0.01"), longer = try header("0.5")
        #expect(brief == longer)
        #expect(brief.contains("android_start_to_secure_p50_s") && brief.contains("ios_start_to_secure_p50_s"))
    }

    @Test func aNameNoSummaryHasHasNoKind() {
        #expect(SummaryFile.kind(of: "transaction") == nil)
        #expect(SummaryFile.kind(of: "windows_start_to_secure_p50_s") == nil)
        #expect(SummaryFile.kind(of: "ios_start_to_secure_p50_s") == .seconds)
        #expect(SummaryFile.kind(of: "wrong_till_rate") == .rate)
    }

    @Test func secondsPastAnyRunsLengthAreNotAFigure() throws {
        #expect(SummaryKind.seconds.admits(try JSONObjectReader.parse("1e9", file: "f")))
        #expect(!SummaryKind.seconds.admits(try JSONObjectReader.parse("1.0000001e9", file: "f")))
        #expect(!SummaryKind.seconds.admits(try JSONObjectReader.parse("1e308", file: "f")))
        #expect(SummaryKind.seconds.admits(.null))
    }
}
