import MizanGeometry
import Testing
import MizanProtocol
import MizanSim
import MizanFormats
@testable import MizanRecordings
@testable import MizanRadio

@Suite struct DigitalTwinTests {
    /// Four tills on a 10 m square and phones walking across it at 0.4 m/s,
    /// a row every 0.1 s (the recording the twin follows).
    static func recording(phones: [String] = ["walk"]) -> RSSITrace {
        let tills = [(0.0, 0.0), (10.0, 0.0), (0.0, 10.0), (10.0, 10.0)].enumerated().map { index, corner in
            RSSITrace.Till(id: TillID(UInt32(index + 1)), position: Position(x: corner.0, y: corner.1, z: 1.22))
        }
        var rows: [RSSITrace.Row] = []
        for (p, phone) in phones.enumerated() {
            for step in 0..<600 {
                let t = Double(step) * 0.1
                let position = Position(x: 1 + 0.4 * t * 0.33, y: 1 + Double(p) * 2 + 0.4 * t * 0.1, z: 1.8)
                rows.append(RSSITrace.Row(t: t, phone: phone, till: TillID(UInt32(step % 4 + 1)), rssi: -70, position: position))
            }
        }
        return RSSITrace(tills: tills, rows: rows)
    }

    @Test func theTwinWritesAValidFormatV1TraceThatReadsBack() throws {
        let recording = Self.recording()
        let simulated = DigitalTwin(radio: .danisDefault).simulate(recording, seed: 7)
        #expect(!simulated.rows.isEmpty)
        let directory = try TempDirectory()
        try simulated.write(to: directory.path)
        let back = try RSSITrace.read(tillsPath: directory.path + "/tills.csv", tracePath: directory.path + "/trace.csv")
        #expect(back.rows.count == simulated.rows.count)
        #expect(back.tills == recording.tills)
        #expect(back.phones == ["walk"])
        #expect(back.rows.allSatisfy { $0.rssi < 0 && $0.rssi >= -110 })
        #expect(zip(back.rows, back.rows.dropFirst()).allSatisfy { $0.t <= $1.t })
        // The phone is where the recording had it: on the recorded path, within its time span.
        #expect(back.rows.allSatisfy { $0.t >= 0 && $0.t <= 59.9 && $0.position.x >= 1 && $0.position.x <= 1 + 0.4 * 59.9 * 0.33 + 1e-3 })
    }

    @Test func theSameSeedReplaysByteForByteAndAnotherSeedDiffers() {
        let recording = Self.recording(phones: ["a", "b"])
        let twin = DigitalTwin(radio: .danisDefault)
        let first = twin.simulate(recording, seed: 42).csvText().trace
        #expect(first == twin.simulate(recording, seed: 42).csvText().trace)
        #expect(first != twin.simulate(recording, seed: 43).csvText().trace)
    }

    @Test func theTwinReportsAboutTheDanisReceiversRate() {
        // The Danis receivers report about 1.9 readings a second each (1.89-1.94 per track).
        let recording = Self.recording()
        let twin = DigitalTwin(radio: .danisDefault)
        let rate = TwinComparison.packetsPerReceiverPerSecond(twin.simulate(recording, seed: 3), duration: recording)
        #expect(rate > 1.9 * 0.9 && rate < 1.9 * 1.1, "rate \(rate)")
    }

    @Test func theFitRecoversTheAdvertisingAndScanningATwinWasMadeWith() throws {
        // A twin with known radio, four phones; the fit on its output finds the interval, the loss and the
        // path loss. One room's shadowing field, seen along these short paths, moves the fitted reference by
        // about 2.4 dB (sd over rooms), so the path loss is checked on the mean over eight rooms.
        let recording = Self.recording(phones: ["a", "b", "c", "d"])
        let truth = TwinRadio.danisDefault
        var referenceErrors: [Double] = [], exponentErrors: [Double] = []
        for seed in UInt64(1)...8 {
            let fit = try TwinFit(DigitalTwin(radio: truth).simulate(recording, seed: seed))
            #expect(abs(fit.radio.advertising.interval - 0.450) < 0.002)
            #expect(abs(fit.radio.scanner.reportLoss - truth.scanner.reportLoss) < 0.04)
            referenceErrors.append(fit.calibration.referenceRSSI - truth.signal.referenceRSSI)
            exponentErrors.append(fit.calibration.pathLossExponent - truth.signal.pathLossExponent)
        }
        #expect(abs(referenceErrors.reduce(0, +) / 8) < 1.5, "reference \(referenceErrors)")
        #expect(abs(exponentErrors.reduce(0, +) / 8) < 0.15, "exponent \(exponentErrors)")
        #expect(referenceErrors.allSatisfy { abs($0) < 8 } && exponentErrors.allSatisfy { abs($0) < 0.8 })
    }

    @Test func aFitOnOneTrackSaysWhatItTookFromTheDanisFit() throws {
        // One track has no second track at the same spots: the shadowing cannot be fitted from it.
        let fit = try TwinFit(DigitalTwin(radio: .danisDefault).simulate(Self.recording(phones: ["only"]), seed: 2))
        #expect(fit.assumed.contains { $0.hasPrefix("shadowing share and length") }, "\(fit.assumed)")
        #expect(fit.json.spaced.contains("\"assumedFromTheDanisFit\": [\"shadowing share and length"))
        #expect(abs(fit.radio.signal.shadowingSigma - (0.19 * fit.residualSigma * fit.residualSigma).squareRoot()) < 1e-9)
    }

    @Test func aRecordingSpanningKilometresIsRefusedNotAllocatedAsARoomMap() throws {
        // Positions up to 10 km are valid trace input; a 0.25 m room-map grid over 9 km by 9 km would need gigabytes.
        let simulated = DigitalTwin(radio: .danisDefault).simulate(Self.recording(phones: ["a", "b", "c", "d"]), seed: 5)
        var rows = simulated.rows
        let far = try #require(rows.indices.last { rows[$0].rssi != RSSISample.notAvailable })
        let row = rows[far]
        rows[far] = RSSITrace.Row(t: row.t, phone: row.phone, till: row.till, rssi: row.rssi,
                                  position: Position(x: 9_000, y: 9_000, z: row.position.z))
        let error = try #require(throws: CalibrationError.self) { try TwinFit(RSSITrace(tills: simulated.tills, rows: rows)) }
        #expect(error.description.contains("room map"))
        #expect(try TwinFit(simulated).roomMap.slope >= 0, "the same recording without the far row fits")
    }

    /// The spread and the drift correlate pairs of residuals near in place or time, which grow as
    /// the square of a dense recording's rows: the fit counts them first and refuses past its bound.
    @Test func aFitCountsThePairsItCorrelatesAndRefusesPastItsBound() throws {
        let simulated = DigitalTwin(radio: .danisDefault).simulate(Self.recording(phones: ["a", "b", "c"]), seed: 5)
        let error = try #require(throws: CalibrationError.self) { try TwinFit(simulated, maximumPairs: 1) }
        let match = try #require(error.description.firstMatch(of: /give (\d+) pairs of residuals to correlate/))
        let pairs = try #require(Double(match.1))
        #expect(pairs > 1000)
        #expect(throws: CalibrationError.self) { try TwinFit(simulated, maximumPairs: pairs - 1) }
        #expect(try TwinFit(simulated, maximumPairs: pairs).residualSigma > 0)
    }

    @Test func pairsWithinReachAreCountedAsAPassOverEachValueAndTheOnesAfterItWould() {
        let values = [0, 0, 0.5, 1, 1, 2.5, 4, 4.1, 9]
        for reach in [0.0, 0.5, 1, 1.5, 3, 10] {
            for closed in [false, true] {
                var plain = 0
                for i in values.indices {
                    var j = i + 1
                    while j < values.count, closed ? values[j] - values[i] <= reach : values[j] - values[i] < reach { plain += 1; j += 1 }
                }
                #expect(TwinFitDrift.pairs(values, within: reach, closed: closed) == Double(plain), "reach \(reach) closed \(closed)")
            }
        }
    }

    /// A fold whose survey cannot be fitted scores fewer strategies than the others: every fold
    /// keeps the strategies all of them scored, so the pooled report reads the same rows in each.
    @Test func foldsScoringDifferentStrategiesAreReportedOnTheOnesAllScored() throws {
        let recording = DigitalTwin(radio: .danisDefault).simulate(Self.recording(), seed: 1)
        let twin = DigitalTwin(radio: .danisDefault).simulate(Self.recording(), seed: 2)
        let strongest = try StrategySpec(name: .strongest), mean = try StrategySpec(name: .mean)
        let full = TwinComparison(name: "a", real: recording, simulated: [twin], strategies: [strongest, mean], every: 1)
        let short = TwinComparison(name: "b", real: recording, simulated: [twin], strategies: [mean], every: 1)
        let aligned = TwinLeaveOneOut.aligned([full, short], strategies: [strongest, mean])
        #expect(aligned.map { $0.strategies.map(\.strategy) } == [[mean], [mean]])
        #expect(aligned[0].strategies[0].real.sessions == full.strategies[1].real.sessions)
        #expect(TwinReport.table(aligned).contains("| all (pooled)"))
    }

    @Test func compareScoresEveryStrategyOnTheRealAndTheSimulatedTrace() {
        let recording = DigitalTwin(radio: .danisDefault).simulate(Self.recording(), seed: 1)
        let twin = DigitalTwin(radio: .danisDefault)
        let comparison = TwinComparison(name: "walk", real: recording, simulated: [2, 3].map { twin.simulate(recording, seed: $0) },
                                        strategies: TwinComparison.defaultStrategies(), every: 0.5)
        #expect(comparison.strategies.map(\.strategy.name) == StrategyName.allCases.filter { !$0.needsSurvey })
        #expect(comparison.strategies.allSatisfy { $0.simulated.count == 2 && $0.real.sessions > 50 })
        // A twin of a twin: the same radio, so rates agree closely.
        #expect(abs(comparison.rateRatio - 1) < 0.1)
        let table = TwinReport.table([comparison])
        #expect(table.contains("| walk ("))
        #expect(TwinReport.json([comparison]).hasPrefix("{\"comparisons\": [{\"track\": \"walk\""))
        #expect(TwinReport.svg([comparison], title: "t").contains("<svg "))
    }

    @Test func thePooledPerfectModelCountsTheSeedsWhoseEveryStrategyIsCloseToTheOthers() {
        let recording = DigitalTwin(radio: .danisDefault).simulate(Self.recording(), seed: 1)
        let twin = DigitalTwin(radio: .danisDefault)
        let comparison = TwinComparison(name: "walk", real: recording, simulated: (2...6).map { twin.simulate(recording, seed: $0) },
                                        strategies: TwinComparison.defaultStrategies(), every: 0.5)
        // By hand: each seed's accuracy against the mean of the other four, per strategy.
        var every = 0, pairs = 0
        for seed in 0..<5 {
            let close = comparison.strategies.map { row in
                let values = row.simulated.map(\.accuracy)
                return abs(values[seed] - (values.reduce(0, +) - values[seed]) / 4) * 100 <= 3
            }
            pairs += close.filter { $0 }.count
            if !close.contains(false) { every += 1 }
        }
        let perfect = TwinReport.PooledPerfect([comparison], points: 3)
        #expect(perfect.seeds == 5 && perfect.pairs == 5 * comparison.strategies.count)
        #expect(perfect.seedsWithEveryStrategyWithin == every && perfect.pairsWithin == pairs)
        #expect(TwinReport.PooledPerfect([comparison], points: 100).seedsWithEveryStrategyWithin == 5, "every seed is within 100 points")
        #expect(TwinReport.table([comparison]).contains("Pooled, a perfect model puts every strategy within 3 points of the recording in \(every) of 5 seeds"))
    }
}
