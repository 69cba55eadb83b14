import MizanGeometry
import MizanProtocol
import MizanRuntime
import Testing
@testable import MizanSim
@testable import MizanRadio
@testable import MizanTime

/// An idle link on the faithful link layer: lost only when its own signal
/// makes a run of failed connection events as long as the supervision
/// timeout likely, never after a fixed time.
@Suite struct IdleLinkTests {
    /// One till and one iOS phone `distance` metres apart on a radio with no
    /// per-packet spread, whose packet error rate is 50 % at `midpoint` dBm:
    /// the phone connects, then nothing is sent for an hour. Returns when the
    /// link was lost and why, or nil.
    static func idleHour(distance: Double, midpoint: Double?) -> (at: Duration, reason: LinkLossReason, connectedAt: Duration)? {
        let loop = SimulationLoop()
        var parameters = RadioParameters.firstDefinition
        parameters.packetSigma = 0
        let tillPosition = Position(x: 0, y: 0, z: 1.0)
        let phonePosition = Position(x: 0, y: distance, z: 1.2)
        if let midpoint { parameters.perMidpoint = midpoint }
        let medium = RadioMedium(parameters: parameters, clock: loop.clock, generator: SeededGenerator(seed: 5),
                                 linkLayer: .faithful(LinkProfiles(phones: [PlatformShare(profile: .ios, share: 1)], till: .ipad)))
        let till = medium.addTill(TillID(1), at: tillPosition)
        let phone = medium.addPhone(CentralID(1), motion: .standing(at: phonePosition))
        phone.profile = .ios
        var lost: (Duration, LinkLossReason)?
        var connectedAt: Duration?
        medium.observe = { event in
            if case let .linkLost(_, _, reason) = event, lost == nil { lost = (loop.clock.now.sinceStart, reason) }
        }
        phone.deliver = { event in if event == .connected { connectedAt = loop.clock.now.sinceStart } }
        till.deliver = { _ in }
        let peripheral = medium.peripheralRadio(for: till)
        let central = medium.centralRadio(for: phone)
        peripheral.startAdvertising(FrameCodec.encode(.advertisement(Advertisement(tillID: TillID(1)))))
        central.connect(TillID(1))
        loop.run(for: .seconds(5))
        #expect(connectedAt != nil, "the phone connected")
        peripheral.stopAdvertising()
        loop.run(for: .seconds(3600))
        return lost.map { (at: $0.0, reason: $0.1, connectedAt: connectedAt ?? .seconds(3600)) }
    }

    @Test func aStrongIdleLinkLastsTheHour() {
        #expect(Self.idleHour(distance: 1, midpoint: nil) == nil)
    }

    @Test func aWeakIdleLinkIsLostBySupervisionAtADrawnTime() {
        // Half the packets lost: a connection event fails with chance 3/4, and
        // a run of 24 (720 ms at 30 ms) starts about once in 4,000 events.
        let model = SignalModel.firstRadio(.firstDefinition)
        let mean = model.meanRSSI(distance: Position(x: 0, y: 2, z: 1.2).distance(to: Position(x: 0, y: 0, z: 1.0)))
        let loss = Self.idleHour(distance: 2, midpoint: mean)
        #expect(loss?.reason == .supervisionTimeout)
        #expect((loss?.at ?? .zero) > (loss?.connectedAt ?? .seconds(3600)), "lost while idle, after set-up")
        #expect((loss?.at ?? .seconds(3600)) < .seconds(600))
    }
}
