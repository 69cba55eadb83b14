import Testing
@testable import MizanFormats

/// `trace.perfetto.json` follows the Trace Event Format: every event has a
/// phase, each track's timestamps never go back, every flow has both ends,
/// and every slice that begins ends.
@Suite struct PerfettoTraceTests {
    static let lines = [
        #"{"t":0,"device":"till-2","event":"screen","screen":"broadcasting"}"#,
        #"{"t":0,"device":"phone-1","event":"screen","screen":"searching"}"#,
        #"{"t":1000000,"device":"phone-1","event":"chooses","till":2,"nearest":2}"#,
        #"{"t":1000000,"device":"phone-1","event":"screen","screen":"connecting"}"#,
        #"{"t":1500000,"device":"phone-1","event":"sends","frame":"phone key","bytes":34,"to":"till-2"}"#,
        #"{"t":1530000,"device":"till-2","event":"receives","frame":"phone key"}"#,
        #"{"t":1600000,"device":"till-2","event":"sends","frame":"till key","bytes":34,"to":"phone-1"}"#,
        #"{"t":2000000,"device":"floor","event":"settled","ending":16}"#,
    ]

    static func events() throws -> [[String: JSONValue]] {
        var trace = PerfettoTrace()
        for line in lines { trace.add(try #require(TransactionTrace.Event(line))) }
        guard case let .object(top) = try JSONParser.parse(trace.json()),
              case let .array(items)? = top.first(where: { $0.key == "traceEvents" })?.value else { Issue.record("not a trace"); return [] }
        return items.compactMap { item in
            guard case let .object(members) = item else { return nil }
            return Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        }
    }

    static func text(_ event: [String: JSONValue], _ key: String) -> String? {
        if case let .string(value)? = event[key] { return value }
        return nil
    }

    static func number(_ event: [String: JSONValue], _ key: String) -> Double? {
        if case let .number(value)? = event[key] { return value.value }
        return nil
    }

    @Test func anEventsTimestampIsItsTraceTimeToTheMicrosecond() throws {
        // 50.447201 s is not a whole number of microseconds in binary: a division through a Double lands on 50447200.
        var trace = PerfettoTrace()
        trace.add(try #require(TransactionTrace.Event(#"{"t":50447201,"device":"till-1","event":"receives","frame":"decision"}"#)))
        #expect(trace.json().contains(#""ts": 50447201"#))
    }

    @Test func everyEventHasAPhaseAndEachTracksTimeNeverGoesBack() throws {
        let events = try Self.events()
        #expect(events.count > 10)
        var last: [Double: Double] = [:]
        for event in events {
            let phase = try #require(Self.text(event, "ph"))
            #expect(["M", "B", "E", "i", "s", "f"].contains(phase))
            guard phase != "M" else { continue }
            let pid = try #require(Self.number(event, "pid")), ts = try #require(Self.number(event, "ts"))
            #expect(ts >= (last[pid] ?? 0), "\(event)")
            last[pid] = ts
        }
    }

    @Test func aFrameReceivedIsAFlowWithBothEndsAndOneNeverReceivedIsLost() throws {
        let events = try Self.events()
        let starts = events.filter { Self.text($0, "ph") == "s" }, ends = events.filter { Self.text($0, "ph") == "f" }
        #expect(starts.count == 1 && ends.count == 1)
        #expect(starts.first.flatMap { Self.number($0, "id") } == ends.first.flatMap { Self.number($0, "id") })
        #expect(starts.first.flatMap { Self.number($0, "ts") } == 1_500_000)
        #expect(ends.first.flatMap { Self.number($0, "ts") } == 1_530_000)
        let lost = events.filter { Self.text($0, "name") == "frame lost" }
        #expect(lost.count == 1)
        #expect(lost.first.flatMap { Self.number($0, "ts") } == 1_600_000)
    }

    @Test func eachScreenIsASliceThatEndsAndEveryDeviceIsANamedProcess() throws {
        let events = try Self.events()
        let begins = events.filter { Self.text($0, "ph") == "B" }.count, ends = events.filter { Self.text($0, "ph") == "E" }.count
        #expect(begins == 3 && ends == 3)
        let names = events.filter { Self.text($0, "name") == "process_name" }.compactMap { event -> String? in
            guard case let .object(arguments)? = event["args"], case let .string(name)? = arguments.first?.value else { return nil }
            return name
        }
        #expect(names.sorted() == ["floor", "phone-1", "till-2"])
    }
}
