import MizanSelection
import MizanFormats
import Testing
import MizanProtocol
@testable import MizanRecordings

@Suite struct TraceReplayTests {
    /// Two tills 8 m apart; the phone stands by till 1 for 5 s, then by till 2,
    /// but till 1 stays the louder throughout (-50 against -70 dBm).
    static func writeTrace(in directory: TempDirectory) throws -> (tills: String, trace: String) {
        let tills = try directory.write("tills.csv", "till,x,y,z\n1,0,0,1\n2,10,0,1\n")
        var text = "t,phone,till,rssi,x,y,z\n"
        for k in 0..<100 {
            let t = "\(k / 10).\(k % 10)5" // 0.05, 0.15, ..., 9.95, exactly as written
            let x = k < 50 ? 1 : 9
            text += "\(t),p,1,-50,\(x),0,1\n\(t),p,2,-70,\(x),0,1\n"
        }
        return (tills, try directory.write("trace.csv", text))
    }

    @Test func selectCountsRightWhileThePhoneIsByTheLouderTillAndWrongAfterItMoves() throws {
        let directory = try TempDirectory()
        let files = try Self.writeTrace(in: directory)
        let trace = try RSSITrace.read(tillsPath: files.tills, tracePath: files.trace)
        let decisions = TraceReplay(strategy: .highestMean(window: .milliseconds(500)), every: 0.5).decisions(trace)
        let accuracy = SelectionAccuracy(decisions)
        // Sessions start at the first row (0.05 s) and every 0.5 s after, while a
        // window fits before the last row (9.95 s): 0.05 ... 9.05, 19 of them. Each
        // decides 0.5 s later; the 9 deciding by 4.55 s are right, the 10 from 5.05 s wrong.
        #expect(accuracy.sessions == 19)
        #expect(accuracy.decided == 19)
        #expect(accuracy.right == 9)
        #expect(accuracy.clearSessions == 19)
        #expect(accuracy.medianExtraDistance == 8)
        #expect(decisions.last?.chosenDistance == 9 && decisions.last?.nearestDistance == 1)
        #expect(accuracy.timeToDecide.p50 == 0.5)
    }

    @Test func confidentOrWaitThatNeverLeadsEnoughDecidesAtItsDeadline() throws {
        let directory = try TempDirectory()
        let files = try Self.writeTrace(in: directory)
        let trace = try RSSITrace.read(tillsPath: files.tills, tracePath: files.trace)
        let strategy = SelectionStrategy.confidentOrWait(base: .highestMean(window: .milliseconds(500)), margin: 30, deadline: .seconds(2))
        let accuracy = SelectionAccuracy(TraceReplay(strategy: strategy, every: 0.5).decisions(trace))
        #expect(accuracy.timeToDecide.p50 == 2)
        #expect(accuracy.sessions == 19)
        #expect(accuracy.decided < accuracy.sessions, "sessions that reach the end of the recording first stay undecided")
    }

    @Test func hysteresisKeepsThePreviousSessionsChoice() throws {
        let directory = try TempDirectory()
        let tills = try directory.write("tills.csv", "till,x,y,z\n1,0,0,1\n2,2,0,1\n")
        // Till 2 leads by 2 dB after the first second; a 3 dB margin keeps till 1.
        var text = "t,phone,till,rssi,x,y,z\n"
        for k in 0..<40 {
            let t = 0.05 + 0.1 * Double(k)
            text += "\(t),p,1,\(t < 1 ? -50 : -62),0,0,1\n\(t),p,2,\(t < 1 ? -70 : -60),0,0,1\n"
        }
        let trace = try RSSITrace.read(tillsPath: tills, tracePath: try directory.write("trace.csv", text))
        let plain = TraceReplay(strategy: .highestMean(window: .milliseconds(500)), every: 0.5).decisions(trace)
        let sticky = TraceReplay(strategy: .hysteresis(base: .highestMean(window: .milliseconds(500)), margin: 3), every: 0.5).decisions(trace)
        #expect(plain.map(\.chosen).last == TillID(2))
        #expect(sticky.allSatisfy { $0.chosen == TillID(1) })
    }

    /// The replay as written plainly: every ask hands the strategy every sample since the
    /// session began, and the tills are ranked by sorting.
    static func plainDecisions(_ strategy: SelectionStrategy, every: Double, trace: RSSITrace) -> [TraceDecision] {
        trace.phones.flatMap { phone -> [TraceDecision] in
            let rows = trace.rows.filter { $0.phone == phone }
            guard let first = rows.first?.t, let last = rows.last?.t else { return [] }
            let times = rows.map { $0.t - first }
            let samples = rows.map { RSSISample(till: $0.till, rssi: $0.rssi, at: .seconds($0.t - first)) }
            let scan = strategy.scanWindow / .seconds(1), end = last - first
            var out: [TraceDecision] = [], incumbent: TillID?, start = 0.0
            while start + scan <= end {
                let from = times.firstIndex { $0 >= start } ?? times.count
                var ask = start + scan, chosen: TillID?
                while true {
                    let upTo = times.firstIndex { $0 > ask } ?? times.count
                    chosen = strategy.choose(from: Array(samples[from..<upTo]), now: .seconds(ask), incumbent: incumbent, since: .seconds(start))
                    if chosen != nil || ask + scan > start + 10 || ask + scan > end { break }
                    ask += scan
                }
                let truth = rows[Swift.max(0, (times.firstIndex { $0 > ask } ?? times.count) - 1)].position
                let ranked = trace.tills.map { (id: $0.id, distance: $0.position.distance(to: truth)) }
                    .sorted { $0.distance != $1.distance ? $0.distance < $1.distance : $0.id < $1.id }
                out.append(TraceDecision(phone: phone, start: start, at: ask, chosen: chosen, nearest: ranked[0].id,
                                         nearestDistance: ranked[0].distance, secondDistance: ranked.count > 1 ? ranked[1].distance : .infinity,
                                         chosenDistance: chosen.flatMap { id in ranked.first { $0.id == id }?.distance }))
                if let chosen { incumbent = chosen }
                start += every
            }
            return out
        }
    }

    @Test func replayDecidesAsIfEveryAskSawEverySampleSinceTheSessionBegan() throws {
        let directory = try TempDirectory()
        // Five tills, two of them the same distance from the phone's path (a tie to break by id).
        let tills = try directory.write("tills.csv", "till,x,y,z\n1,0,0,1\n2,4,0,1\n3,8,0,1\n4,2,2,1\n5,2,-2,1\n")
        var text = "t,phone,till,rssi,x,y,z\n", state: UInt64 = 7
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        for phone in ["a", "b"] {
            var t = 0.0
            while t < 30 {
                // Bursts and gaps (up to 4 s, so some windows hear nothing), and now and then "not available".
                t += next(10) == 0 ? Double(next(40)) / 10 : Double(1 + next(30)) / 100
                let x = t / 30 * 8
                let rssi = next(12) == 0 ? 127 : -40 - next(40)
                text += "\(t),\(phone),\(1 + next(5)),\(rssi),\(x),0,1\n"
            }
        }
        let trace = try RSSITrace.read(tillsPath: tills, tracePath: try directory.write("trace.csv", text))
        let strategies: [SelectionStrategy] = [
            .highestMean(window: .milliseconds(300)), .strongestSample(window: .seconds(1)),
            .confidentOrWait(base: .highestMedian(window: .milliseconds(500)), margin: 6, deadline: .seconds(3)),
            .hysteresis(base: .kalman(window: .milliseconds(700), processNoise: 4, measurementNoise: 16), margin: 2),
            .exponentialMean(window: .seconds(2), timeConstant: .milliseconds(500)),
        ]
        for strategy in strategies {
            for every in [0.1, 0.7] {
                let replayed = TraceReplay(strategy: strategy, every: every).decisions(trace)
                #expect(replayed.count > 20)
                #expect(replayed == Self.plainDecisions(strategy, every: every, trace: trace), "\(strategy) every \(every)")
            }
        }
    }

    @Test func aPhoneNamedWithAControlCharacterOrAQuoteIsRefused() throws {
        let directory = try TempDirectory()
        let tills = try directory.write("tills.csv", "till,x,y,z\n1,0,0,1\n")
        for name in ["p\u{1B}[2J", "p\"q", "p\u{7}"] {
            let trace = try directory.write("t.csv", "t,phone,till,rssi,x,y,z\n0,ok,1,-60,0,0,1\n0,\(name),1,-60,0,0,1\n")
            let error = try #require(throws: InputError.self) { try RSSITrace.read(tillsPath: tills, tracePath: trace) }
            #expect(error.description.contains(":3:"), "\(error.description)")
            #expect(error.description.contains("holds a control character or a quote"))
            #expect(!error.description.unicodeScalars.contains { $0.properties.generalCategory == .control })
        }
    }

    @Test func traceErrorsNameTheFileAndLine() throws {
        let directory = try TempDirectory()
        let tills = try directory.write("tills.csv", "till,x,y,z\n1,0,0,1\n")
        let unknownTill = try directory.write("a.csv", "t,phone,till,rssi,x,y,z\n0,p,1,-60,0,0,1\n0.1,p,7,-60,0,0,1\n")
        #expect(throws: InputError(path: unknownTill, line: 3, "till '7' is not in \(tills)")) {
            try RSSITrace.read(tillsPath: tills, tracePath: unknownTill)
        }
        let backwards = try directory.write("b.csv", "t,phone,till,rssi,x,y,z\n1,p,1,-60,0,0,1\n0.5,p,1,-60,0,0,1\n")
        #expect(throws: InputError(path: backwards, line: 3, "t goes back in time for phone 'p' (0.5 after 1.0)")) {
            try RSSITrace.read(tillsPath: tills, tracePath: backwards)
        }
        let header = try directory.write("c.csv", "time,phone,till,rssi,x,y,z\n")
        #expect(throws: InputError.self) { try RSSITrace.read(tillsPath: tills, tracePath: header) }
        let positive = try directory.write("d.csv", "t,phone,till,rssi,x,y,z\n0,p,1,12,0,0,1\n")
        #expect(throws: InputError(path: positive, line: 2, "rssi must be a whole number of dBm from -127 to -1 (what a BLE receiver reports), or 127 for not available, got '12'")) {
            try RSSITrace.read(tillsPath: tills, tracePath: positive)
        }
    }

    @Test func aTraceWrittenThenReadIsTheSame() throws {
        let directory = try TempDirectory()
        let files = try Self.writeTrace(in: directory)
        let trace = try RSSITrace.read(tillsPath: files.tills, tracePath: files.trace)
        try trace.write(to: directory.path + "/")
        let again = try RSSITrace.read(tillsPath: directory.path + "/tills.csv", tracePath: directory.path + "/trace.csv")
        #expect(again.rows == trace.rows)
        #expect(again.tills == trace.tills)
    }
}
