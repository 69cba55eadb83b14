import Foundation
import Testing
import MizanFormats
@testable import MizanSim
@testable import MizanRadio

/// The faithful link layer: connections only on advertising packets, the
/// GATT set-up's timing against published figures, and replay.
@Suite struct FaithfulLinkTests {
    static func example(_ name: String) throws -> FloorPlan {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("examples/\(name)")
        return try FloorFile.load(path: url.path)
    }

    /// Connections made to a till that was not advertising at that moment, read from a run's trace.
    static func connectionsToSilentTills(_ trace: [String]) -> (connections: Int, silent: Int) {
        var advertising: Set<String> = []
        var connections = 0, silent = 0
        for line in trace {
            guard case let .object(fields)? = try? JSONParser.parse(line),
                  case let .string(device)? = fields.first(where: { $0.key == "device" })?.value,
                  case let .string(event)? = fields.first(where: { $0.key == "event" })?.value else { continue }
            switch event {
            case "advertising starts": advertising.insert(device)
            case "advertising stops": advertising.remove(device)
            case "connected":
                guard case let .number(till)? = fields.first(where: { $0.key == "till" })?.value else { continue }
                connections += 1
                if !advertising.contains("till-\(till.brief)") { silent += 1 }
            default: break
            }
        }
        return (connections, silent)
    }

    @Test func aTillThatStoppedAdvertisingIsNeverConnectedTo() throws {
        var plan = try Self.example("crowded-radio.json")
        plan.duration = .seconds(120)
        guard case .faithful = plan.linkLayer else { Issue.record("example floors run on the faithful link layer"); return }
        for seed: UInt64 in 1...2 {
            let run = try FloorRun(plan, seed: seed)
            let counted = Self.connectionsToSilentTills(run.trace)
            #expect(counted.connections > 50)
            #expect(counted.silent == 0, "seed \(seed): \(counted.silent) of \(counted.connections) connections to a till not advertising")
        }
        // The check finds them where they happen: the simple radio connects to any till that serves.
        plan.linkLayer = .simple
        let simple = Self.connectionsToSilentTills(try FloorRun(plan, seed: 1).trace)
        #expect(simple.silent > 0)
    }

    /// Android's connect to subscribed, on uncrowded 1 m links (each phone hears only its own till).
    static func androidSetUpTimes(count: Int, seed: UInt64) throws -> [Double] {
        var plan = FloorPlan(tills: FloorPlan.row(count: 50, spacing: 2), payers: .pairs(distance: 1.0), duration: .seconds(330))
        plan.audibility = .ownTillOnly
        plan.radio = try DefaultFloor.plan().radio
        plan.linkLayer = .faithful(LinkProfiles(phones: [PlatformShare(profile: .android, share: 1)], till: .ipad))
        let floor = try Floor(plan: plan, seed: seed)
        let report = floor.run()
        let times = report.ledger.attempts.compactMap { a -> Double? in
            guard let asked = a.connectRequestedAt, let subscribed = a.subscribedAt else { return nil }
            return (subscribed - asked).seconds
        }
        return Array(times.prefix(count))
    }

    /// Nordic DevZone, "Reduce connection establish time": Android over 1,500
    /// runs, best 389 ms, mean 867 ms, worst 3,046 ms. The till's response
    /// time was fitted to the mean and the worst; the best is held out.
    /// Bounds (docs/link-layer.md): best 330-480 ms, mean 780-960 ms, worst 1.7-6 s.
    @Test func androidConnectToSubscribedOnACleanOneMetreLinkMatchesThePublishedFigures() throws {
        let times = try Self.androidSetUpTimes(count: 1500, seed: 11)
        #expect(times.count == 1500)
        let best = times.min() ?? 0, worst = times.max() ?? 0
        let mean = times.reduce(0, +) / Double(Swift.max(times.count, 1))
        #expect((0.33...0.48).contains(best), "best \(best) s")
        #expect((0.78...0.96).contains(mean), "mean \(mean) s")
        #expect((1.7...6.0).contains(worst), "worst \(worst) s")
    }

    @Test func theSameSeedGivesByteIdenticalTracesOnTheFaithfulLinkLayer() throws {
        var plan = FloorDeterminismTests.checkout(tills: 10)
        plan.linkLayer = .faithful(.standard)
        let first = try FloorRun(plan, seed: 5)
        let second = try FloorRun(plan, seed: 5)
        #expect(first.trace.contains { $0.contains("\"set-up\"") })
        #expect(first.trace == second.trace)
    }

    @Test func aPacketIsLostMoreOftenAsTheLinkWeakens() {
        var parameters = RadioParameters()
        parameters.ricianKdB = 7
        let model = SignalModel.firstRadio(parameters)
        let spread = PacketSpread(SignalModel.firstRadio(parameters))
        #expect(abs(spread.weights.reduce(0, +) - 1) < 1e-9)
        let losses = stride(from: -50.0, through: -110, by: -5).map { spread.lossProbability(mean: $0, model: model) }
        #expect(losses.first ?? 1 < 0.01)
        #expect(losses.last ?? 0 > 0.99)
        #expect(zip(losses, losses.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test func theCheapLossBoundIsNeverBelowTheExactChanceAndSettlesAStrongLink() {
        // Three fadings, and the spread a link on the signal model uses (`linkPackets`).
        let cases = ([nil, 0.0, 7.0] as [Double?]).map { kdB -> RadioParameters in
            var parameters = RadioParameters()
            parameters.ricianKdB = kdB
            return parameters
        } + [RadioParameters().linkPackets]
        for parameters in cases {
            let model = SignalModel.firstRadio(parameters)
            let spread = PacketSpread(SignalModel.firstRadio(parameters))
            for mean in stride(from: -40.0, through: -120, by: -0.37) {
                let exact = spread.lossProbability(mean: mean, model: model), bound = spread.lossBound(mean: mean, model: model)
                #expect(bound >= exact, "K \(String(describing: parameters.ricianKdB)) dB, mean \(mean) dBm")
                #expect(bound <= 1)
            }
            // A phone beside its till: the bound settles that an idle link is never lost.
            let strong = spread.lossBound(mean: -60, model: model)
            #expect(Connections.neverLost(failure: Connections.eventFailure(lost: strong), events: 133))
        }
        // An error rate that does not fall with the RSSI has no such bound.
        var rising = RadioParameters()
        rising.perSlope = -1.5
        #expect(PacketSpread(SignalModel.firstRadio(rising)).lossBound(mean: -60, model: SignalModel.firstRadio(rising)) == 1)
    }

    @Test func anIdleLinkIsTakenNeverToBeLostOnlyWhereTheExactChanceWouldSayTheSame() {
        var parameters = RadioParameters()
        parameters.ricianKdB = 7
        let model = SignalModel.firstRadio(parameters)
        let spread = PacketSpread(SignalModel.firstRadio(parameters))
        var settledByBound = 0
        for mean in stride(from: -60.0, through: -110, by: -0.25) {
            for events in [50.0, 133, 266] {
                let bound = Connections.eventFailure(lost: spread.lossBound(mean: mean, model: model))
                guard Connections.neverLost(failure: bound, events: events) else { continue }
                settledByBound += 1
                let p = Connections.eventFailure(lost: spread.lossProbability(mean: mean, model: model))
                #expect(p <= 0 || log1p(-p) + events * log(p) <= Connections.logRateNeverLost, "mean \(mean) dBm, \(events) events")
            }
        }
        #expect(settledByBound > 100)
    }
}

/// `examples/far-and-busy.json`: with no fault injected, distance, pockets,
/// crowding and busy tills alone make phones miss their 10 s deadline and
/// tills their countdown.
@Suite struct PhysicalMissesTests {
    @Test func theFarAndBusyFloorMissesDeadlinesAndCountdownsWithoutFaults() throws {
        let plan = try FaithfulLinkTests.example("far-and-busy.json")
        #expect(plan.faults.isEmpty)
        let report = try Floor(plan: plan, seed: 1).run()
        let missed = report.deadlineMissesByCause.reduce(0) { $0 + $1.count }
        #expect(missed >= 10, "\(report.deadlineMissesByCause)")
        #expect(report.hostCountdownExpiries >= 5)
        #expect(report.violations.isEmpty)
        let secure = report.startToSecureLink
        #expect((secure.p99 ?? 0) - (secure.p50 ?? 0) > 2, "a wide spread of Start to secure link")
    }
}
