import MizanGeometry
import Foundation
import Testing
@testable import MizanSim
import MizanFormats
@testable import MizanRadio

/// Writes and notifications on a link: one connection interval each on a
/// clean link; with a packet error rate p, retransmitted at each connection
/// event, so they take 1 / (1 - p) intervals on average.
@Suite struct LinkModelTests {
    /// Delivery delays (ms) of every frame of a run, from its trace.
    static func delays(_ plan: FloorPlan, seeds: ClosedRange<UInt64>) throws -> [Double] {
        var delays: [Double] = []
        for seed in seeds {
            let run = try FloorRun(plan, seed: seed)
            var sent: [String: Double] = [:]
            for line in run.trace {
                guard case let .object(fields)? = try? JSONParser.parse(line),
                      case let .string(event)? = fields.first(where: { $0.key == "event" })?.value,
                      case let .number(t)? = fields.first(where: { $0.key == "t" })?.value,
                      case let .string(frame)? = fields.first(where: { $0.key == "frame" })?.value else { continue }
                if event == "sends" { sent[frame] = t.value }
                if event == "receives", let start = sent.removeValue(forKey: frame) { delays.append((t.value - start) / 1000) }
            }
        }
        return delays
    }

    static func plan(perMidpoint: Double) -> FloorPlan {
        FloorRun.single {
            $0.radio = .firstDefinition
            $0.radio.packetSigma = 0
            $0.radio.perMidpoint = perMidpoint
            $0.radio.supervisionTimeout = .seconds(30)
            $0.radio.hostCryptoLatency = .zero
        }
    }

    @Test func aCleanLinkCarriesEachFrameInOneConnectionInterval() throws {
        let delays = try Self.delays(Self.plan(perMidpoint: -150), seeds: 1...3)
        #expect(delays.count >= 12)
        #expect(delays.allSatisfy { abs($0 - 15) < 0.01 })
    }

    @Test func aLossyLinkRetransmitsUntilAPacketGetsThrough() throws {
        // The phone stands 0.5 m away (mean RSSI -59 - 22 log10(0.54) ≈ -53 dBm): put the
        // packet error rate's midpoint there, so half the packets are lost.
        let model = SignalModel.firstRadio(.firstDefinition)
        let rssi = model.meanRSSI(distance: Position(x: 0, y: 0.5, z: 1.2).distance(to: Position(x: 0, y: 0, z: 1.0)))
        let delays = try Self.delays(Self.plan(perMidpoint: rssi), seeds: 1...150)
        let mean = delays.reduce(0, +) / Double(delays.count)
        #expect(delays.count > 200)
        #expect(delays.allSatisfy { ($0 / 15).rounded() == $0 / 15 || abs(($0 / 15).rounded() - $0 / 15) < 0.001 }, "whole connection intervals")
        #expect(abs(mean - 30) < 3, "mean \(mean) ms, expected 2 intervals")
        #expect(delays.contains { $0 >= 60 })
    }
}
