import MizanGeometry
import Testing
import MizanProtocol
import MizanSim
import MizanFormats
@testable import MizanRecordings
@testable import MizanRadio

/// `strongest`'s accuracy by the way the carrier walks: the groups, and a twin
/// that gives back the split of a room where a person carries the device.
@Suite struct WalkingDirectionSplitTests {
    /// A path along +x at 1 m/s for 10 s, then standing at its end for 5 s (a row every 0.1 s).
    static func walkThenStand() -> RecordedPath {
        RecordedPath((0...150).map { step in
            let t = Double(step) * 0.1
            return RSSITrace.Row(t: t, phone: "p", till: TillID(1), rssi: -60, position: Position(x: Swift.min(t, 10), y: 0))
        })
    }

    @Test func aSessionsGroupIsTheAngleFromTheWalkToTheNearestTill() {
        let path = Self.walkThenStand()
        #expect(WalkingDirectionSplit.group(path: path, at: 5, nearest: Position(x: 8, y: 1)) == .toward)
        #expect(WalkingDirectionSplit.group(path: path, at: 5, nearest: Position(x: 2, y: -1)) == .away)
        #expect(WalkingDirectionSplit.group(path: path, at: 5, nearest: Position(x: 5, y: 3)) == .beside)
        // 44 and 46 degrees off the walk either side of the toward/beside line.
        #expect(WalkingDirectionSplit.group(path: path, at: 5, nearest: Position(x: 7, y: 1.93)) == .toward)
        #expect(WalkingDirectionSplit.group(path: path, at: 5, nearest: Position(x: 7, y: 2.07)) == .beside)
        #expect(WalkingDirectionSplit.group(path: path, at: 13, nearest: Position(x: 12, y: 0)) == .standing)
    }

    @Test func sessionsInATracksFirstSecondsAreLeftOut() throws {
        let tills = [RSSITrace.Till(id: TillID(1), position: Position(x: 12, y: 0))]
        let rows = (0...150).map { step in
            let t = Double(step) * 0.1
            return RSSITrace.Row(t: t, phone: "p", till: TillID(1), rssi: -60, position: Position(x: Swift.min(t, 10), y: 0))
        }
        let trace = RSSITrace(tills: tills, rows: rows)
        let decisions = TraceReplay(strategy: try #require(StrategySpec(name: .strongest).plainStrategy), every: 0.5).decisions(trace)
        let split = WalkingDirectionSplit(decisions: decisions, trace: trace)
        let counted = WalkingDirectionSplit.Group.allCases.reduce(0) { $0 + split.sessions($1) }
        #expect(counted == decisions.filter { $0.start >= WalkingDirectionSplit.settling }.count)
        #expect(counted < decisions.count)
        // Walking at the one till for 10 s (sessions from 2 s decide by 9.5 s), then standing.
        #expect(split.sessions(.toward) > 10 && split.sessions(.standing) > 5)
        #expect(split.accuracy(.toward) == 1 && split.accuracy(.away).isNaN)
    }

    @Test func pooledSplitsCountEverySessionOfEach() {
        let a = WalkingDirectionSplit(outcomes: [.toward: [true, false], .away: [false]])
        let b = WalkingDirectionSplit(outcomes: [.toward: [true], .standing: [true, true]])
        let pooled = WalkingDirectionSplit.pooled([a, b])
        #expect(pooled.sessions(.toward) == 3 && pooled.sessions(.away) == 1 && pooled.sessions(.standing) == 2 && pooled.sessions(.beside) == 0)
        #expect(abs(pooled.accuracy(.toward) - 2.0 / 3) < 1e-12)
    }

    /// A room where the device's carrier shadows it (a 12 dB swing, best ahead), walked
    /// back and forth so every till is ahead, beside and behind: the twin fitted on two
    /// tracks gives the other two tracks' split (pooled) within 10 points in every group
    /// they walk; without the direction gain the groups walking toward and away are far off.
    @Test func aTwinFittedWhereAPersonCarriesTheDeviceGivesBackItsSplit() throws {
        var truth = TwinRadio.danisDefault
        truth.direction = DirectionGain(swing: 12, best: 0)
        let room = DigitalTwin(radio: truth).simulate(TwinDirectionTests.recording(), seed: 7)
        // One track along each axis held out, one along each trains.
        let held = ["p0", "p2"], training = room.only { !held.contains($0) }
        let strategies = [try StrategySpec(name: .strongest)]
        func split(_ structure: TwinFit.Structure) throws -> [TwinComparison.DirectionFigure] {
            let twin = DigitalTwin(radio: try TwinFit(training, structure: structure).radio)
            return TwinComparison.pooledDirectionFigures(held.map { phone in
                let track = room.only { $0 == phone }
                return TwinComparison(name: phone, real: track, simulated: (1...6).map { twin.simulate(track, seed: UInt64($0)) },
                                      strategies: strategies, every: 0.5)
            })
        }
        let with = try split(TwinFit.Structure())
        let real = Dictionary(uniqueKeysWithValues: with.map { ($0.group, $0.real.accuracy) })
        #expect((real[.toward] ?? 0) - (real[.away] ?? 1) > 0.5, "the room's own split: \(real)")
        for figure in with where figure.sessions >= 40 {
            #expect(figure.within(points: 10), "\(figure.group): real \(figure.real.accuracy), twin \(figure.simulated)")
        }
        let without = try split(TwinFit.Structure(direction: false))
        for figure in without where figure.group == .toward || figure.group == .away {
            #expect(!figure.within(points: 20), "without direction, \(figure.group): real \(figure.real.accuracy), twin \(figure.simulated)")
        }
    }

    @Test func theComparisonsReportsShowTheSplitAsATableJSONAndSVGRows() throws {
        let recording = DigitalTwin(radio: .danisDefault).simulate(DigitalTwinTests.recording(), seed: 1)
        let twin = DigitalTwin(radio: .danisDefault)
        let comparison = TwinComparison(name: "walk", real: recording, simulated: [2, 3].map { twin.simulate(recording, seed: $0) },
                                        strategies: TwinComparison.defaultStrategies(), every: 0.5)
        let figures = comparison.directionFigures
        #expect(figures.map(\.group) == WalkingDirectionSplit.Group.allCases)
        let table = TwinReport.table([comparison])
        #expect(table.contains("| track | toward | beside | away | standing |"))
        #expect(table.contains("groups within 10 points of the recording"))
        // The JSON's groups, in order, with the sessions the figures count.
        guard case let .object(top) = try JSONParser.parse(TwinReport.json([comparison])),
              case let .array(tracks)? = top.first(where: { $0.key == "comparisons" })?.value,
              case let .object(track)? = tracks.first,
              case let .array(groups)? = track.first(where: { $0.key == "walkingDirection" })?.value else {
            Issue.record("no walkingDirection in the JSON"); return
        }
        let sessions = groups.compactMap { group -> Int? in
            guard case let .object(fields) = group, case let .number(n)? = fields.first(where: { $0.key == "sessions" })?.value else { return nil }
            return Int(n.value)
        }
        #expect(sessions == figures.map(\.sessions))
        #expect(TwinReport.svg([comparison], title: "t").contains("strongest right, away"))
        // Without `strongest` scored there is no split to show.
        let mean = TwinComparison(name: "walk", real: recording, simulated: [twin.simulate(recording, seed: 2)],
                                  strategies: [try StrategySpec(name: .mean)], every: 0.5)
        #expect(mean.directionFigures.isEmpty && !TwinReport.table([mean]).contains("| toward |"))
    }
}
