import MizanGeometry
import MizanProtocol
import MizanRuntime
import Testing
@testable import MizanSim
@testable import MizanRadio
@testable import MizanTime

/// A scan that opens at the instant an advertising event begins hears it:
/// the packets are on the air after the scan opened, whichever of the two
/// the timers run first (the signal model; advertising delay 0, so events
/// fall on exact instants).
@Suite struct SameInstantScanTests {
    /// A till advertising every 100 ms from t = 0 with no advertising delay, and a phone 1 m
    /// away that opens its scan at `scanAt` (its timer set at `scheduledAt`, after the
    /// till's event at that instant was set, when `scheduledAt` is past the event before it);
    /// the times of the phone's reports in the first `seconds`.
    static func reports(scanAt: Duration, scheduledAt: Duration, scan: ScanProfile, seed: UInt64 = 7,
                        seconds: Duration = .seconds(2)) -> [Duration] {
        let loop = SimulationLoop()
        var parameters = RadioParameters()
        parameters.advertisingInterval = .milliseconds(100)
        parameters.advertisingDelayMax = .zero
        var profile = PhoneProfile.android
        profile.scan = scan
        let medium = RadioMedium(parameters: parameters, clock: loop.clock, generator: SeededGenerator(seed: seed),
                                 linkLayer: .faithful(LinkProfiles(phones: [PlatformShare(profile: profile, share: 1)], till: .ipad)))
        let till = medium.addTill(TillID(1), at: Position(x: 0, y: 0, z: 1))
        till.deliver = { _ in }
        medium.peripheralRadio(for: till).startAdvertising(FrameCodec.encode(.advertisement(Advertisement(tillID: TillID(1)))))
        let phone = medium.addPhone(CentralID(1), motion: .standing(at: Position(x: 0, y: 1, z: 1)))
        phone.profile = profile
        var heard: [Duration] = []
        phone.deliver = { event in if case .discovered = event { heard.append(loop.clock.now.sinceStart) } }
        _ = loop.clock.schedule(after: scheduledAt) {
            _ = loop.clock.schedule(after: scanAt - scheduledAt) { medium.centralRadio(for: phone).startScan() }
        }
        loop.run(for: seconds)
        return heard
    }

    static let always = ScanProfile(name: "always", window: 0.1, interval: 0.1)

    @Test func aScanOpeningAtTheInstantOfAnEventHearsItWhicheverTimerRunsFirst() throws {
        // Set at 0.25 s, after the event at 0.3 s was set (at 0.2 s): the event's timer runs first.
        let after = Self.reports(scanAt: .milliseconds(300), scheduledAt: .milliseconds(250), scan: Self.always)
        // Set at the start, before it: the scan's timer runs first.
        let before = Self.reports(scanAt: .milliseconds(300), scheduledAt: .zero, scan: Self.always)
        #expect(try #require(after.first) == .milliseconds(300), "heard at \(after.prefix(3))")
        #expect(after == before, "the same reports whichever timer ran first")
    }

    @Test func aScanOpenedJustAfterAnEventBeganWaitsForTheNextOne() throws {
        let late = Self.reports(scanAt: .milliseconds(300) + .nanoseconds(1), scheduledAt: .milliseconds(250), scan: Self.always)
        #expect(try #require(late.first) == .milliseconds(400))
    }

    @Test func anEventAtTheInstantTheScanOpensIsHeardAsOftenAsTheWindowCoversIt() {
        // Balanced scanning (a 183 ms window every 730 ms, at a random phase): the event at the
        // instant the scan opens falls in the window 183 / 730 of the time, whichever timer runs
        // first, and then it is heard (1 m away, no report loss).
        let balanced = ScanProfile.androidBalanced
        func share(scanAt: Duration, scheduledAt: Duration) -> Double {
            let seeds = 1...400
            let heard = seeds.filter { seed in
                Self.reports(scanAt: scanAt, scheduledAt: scheduledAt, scan: balanced, seed: UInt64(seed), seconds: .milliseconds(350)).first == scanAt
            }
            return Double(heard.count) / Double(seeds.count)
        }
        let expected = balanced.window / balanced.interval
        // Binomial sd over 400 seeds: 0.022; three of them either side.
        for (scheduledAt, order) in [(Duration.milliseconds(250), "the event's timer first"), (.zero, "the scan's timer first")] {
            let observed = share(scanAt: .milliseconds(300), scheduledAt: scheduledAt)
            #expect(abs(observed - expected) < 0.066, "\(order): heard \(observed) of the time, the window covers \(expected)")
        }
    }
}
