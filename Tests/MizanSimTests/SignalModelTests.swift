import MizanGeometry
import Testing
import MizanProtocol
@testable import MizanSim
@testable import MizanRadio
@testable import MizanTime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The signal model's parts against the figures they come from (docs/signal-model.md).
@Suite struct SignalModelTests {
    /// Reports a scanner makes per second of one advertiser over `seconds`.
    static func reportRate(profile: ScanProfile, advertisingInterval: Double, seconds: Double = 120, seed: UInt64 = 3) -> Double {
        let root = SeededGenerator(seed: seed)
        var advertising = root.split("advertising")
        let packets = AdvertisingSchedule(interval: advertisingInterval).packets(source: 0, from: 0, to: seconds, generator: &advertising)
        var scanner = Scanner(profile: profile, generator: root.split("scanner"))
        let heard = scanner.heard(packets.map { ReceivedPacket(packet: $0, rssi: -70) })
        return Double(scanner.reports(heard).count) / seconds
    }

    @Test func iosForegroundReportsAbout13point7ASecondPerAdvertiser() {
        // MIT LL: median 13.7 callbacks a second per transmitter; Apple accessories advertise every 20 ms.
        let rates = (1...5).map { Self.reportRate(profile: .iosForeground, advertisingInterval: 0.020, seed: $0) }
        let mean = rates.reduce(0, +) / Double(rates.count)
        #expect(abs(mean - 13.7) < 13.7 * 0.1, "iOS reported \(mean) a second")
    }

    @Test func androidScanModesReportTheirDutyCycleOfTheAdvertisingEvents() {
        // One packet per advertising event heard while the window is open: events a second times window / interval.
        let interval = 0.100, events = 1 / (interval + 0.005)
        for profile in [ScanProfile.androidLowLatency, .androidBalanced, .androidLowPower] {
            let expected = events * profile.window / profile.interval
            let rate = (1...4).map { Self.reportRate(profile: profile, advertisingInterval: interval, seconds: 300, seed: $0) }.reduce(0, +) / 4
            #expect(abs(rate - expected) < expected * 0.15, "\(profile.name): \(rate) a second, expected about \(expected)")
        }
    }

    @Test func aScannerListensOnOneChannelAtATimeInTurn() {
        let scanner = Scanner(profile: .androidBalanced, generator: SeededGenerator(seed: 1))
        let start = scanner.phase + 0.001
        #expect(scanner.listeningChannel(at: start) == 0)
        #expect(scanner.listeningChannel(at: start + 0.200) == nil) // after the 183 ms window
        #expect(scanner.listeningChannel(at: start + 0.730) == 1)
        #expect(scanner.listeningChannel(at: start + 1.460) == 2)
        #expect(scanner.listeningChannel(at: start + 2.190) == 0)
    }

    @Test func anEventSendsThreePacketsOn37_38_39AfterAdvDelay() {
        var generator = SeededGenerator(seed: 5)
        let packets = AdvertisingSchedule(interval: 0.100).packets(source: 9, from: 0, to: 10, generator: &generator)
        #expect(packets.count > 250)
        for event in stride(from: 0, to: packets.count - 2, by: 3) {
            #expect(packets[event].channel == 0 && packets[event + 1].channel == 1 && packets[event + 2].channel == 2)
            #expect(abs(packets[event + 1].time - packets[event].time - 0.003) < 1e-9)
        }
        let gaps = stride(from: 3, to: packets.count, by: 3).map { packets[$0].time - packets[$0 - 3].time }
        #expect(gaps.allSatisfy { $0 >= 0.100 && $0 <= 0.110 })
        #expect((gaps.max() ?? 0) - (gaps.min() ?? 0) > 0.005) // advDelay varies
    }

    @Test func theStrongerOfTwoOverlappingPacketsSurvivesOnlyWithA13dBLead() {
        let model = CollisionModel()
        func packet(_ source: Int, _ time: Double, _ channel: Int, _ rssi: Double) -> ReceivedPacket {
            ReceivedPacket(packet: AdvertisingPacket(source: source, time: time, channel: channel), rssi: rssi)
        }
        let captured = model.survivors([packet(1, 0, 0, -60), packet(2, 0.0001, 0, -75)])
        #expect(captured.map(\.packet.source) == [1])
        let bothLost = model.survivors([packet(1, 0, 0, -60), packet(2, 0.0001, 0, -65)])
        #expect(bothLost.isEmpty)
        let otherChannel = model.survivors([packet(1, 0, 0, -60), packet(2, 0.0001, 1, -61)])
        #expect(otherChannel.count == 2)
        let apart = model.survivors([packet(1, 0, 0, -60), packet(2, 0.001, 0, -61)])
        #expect(apart.count == 2)
    }

    @Test func bystandersEvery4msCostBetween13And40PercentOfPackets() {
        // Strzoda, Grochla, Polys (MSWiM 2022): 13-40 % fewer packets with other devices transmitting every 4-8 ms.
        let root = SeededGenerator(seed: 11)
        var advertising = root.split("advertising")
        let seconds = 200.0
        let sent = AdvertisingSchedule(interval: 0.100).packets(source: 0, from: 0, to: seconds, generator: &advertising)
            .map { ReceivedPacket(packet: $0, rssi: -75) }
        var crowd = root.split("crowd")
        let bystanders = BystanderTraffic(eventsPerSecond: 250, meanRSSI: -75, rssiSpread: 6).packets(from: 0, to: seconds, generator: &crowd)
        let scanner = Scanner(profile: .androidLowLatency, generator: root.split("scanner"))
        let alone = scanner.heard(sent).count
        let crowded = CollisionModel().survivors(scanner.heard((sent + bystanders).sorted { $0.packet.time < $1.packet.time }))
            .filter { $0.packet.source == 0 }.count
        let loss = 1 - Double(crowded) / Double(alone)
        #expect(loss > 0.13 && loss < 0.40, "lost \(loss)")
    }

    @Test func theDanisFitReproducesTheResidualCorrelationAt0point12_1_and1point5Metres() {
        // Danis residuals: 0.30 under 0.25 m apart, 0.12 at 1 m, 0.05 beyond 1.5 m (docs/radio.md). A phone
        // walks from one spot to another `separation` along its path: the field correlates them, and while
        // both are in one stand (a new one every `fadingLength` walked, from a random phase) so do the fades.
        let parameters = SignalParameters().radio
        let tillPosition = Position(x: 0, y: 0, z: 1.2)
        let cases: [(separation: Double, low: Double, high: Double)] = [(0.12, 0.22, 0.40), (1.0, 0.06, 0.18), (1.5, 0.02, 0.11)]
        var products = [Double](repeating: 0, count: cases.count), squares = 0.0, count = 0.0
        for room in 0..<400 {
            let root = SeededGenerator(seed: UInt64(room) + 100)
            var model = SignalModel(parameters: parameters, generator: root.split("room"))
            model.addTill()
            var draws = root.split("walks")
            var event = 0
            for spot in 0..<10 {
                let here = Position(x: 3 + Double(spot) * 4, y: 2, z: 1.2)
                let phase = draws.uniform(0...1)
                func residual(_ at: Position, walked: Double) -> Double {
                    let channel = Int(draws.next() % 3)
                    event += 1
                    let stand = UInt64((phase + walked / parameters.fadingLength).rounded(.down)) + 1
                    let held = model.held(till: 0, tillPosition: tillPosition, phone: spot, at: at, basis: model.shadowingBasis(at: at),
                                          stand: stand, fixedOffset: 0)
                    return held.channel(channel) + model.noise(till: 0, event: event, phone: spot, channel: channel)
                        - model.meanRSSI(till: 0, distance: at.distance(to: tillPosition))
                }
                let a = residual(here, walked: 0)
                squares += a * a
                count += 1
                for (index, item) in cases.enumerated() {
                    products[index] += a * residual(Position(x: here.x, y: here.y + item.separation, z: 1.2), walked: item.separation)
                }
            }
        }
        let variance = squares / count
        for (index, item) in cases.enumerated() {
            let correlation = products[index] / count / variance
            #expect(correlation > item.low && correlation < item.high, "at \(item.separation) m: \(correlation)")
        }
    }

    @Test func drawnTillOffsetsSpreadAsTheDanisReceiversDo() {
        var model = SignalModel(parameters: RadioParameters(), generator: SeededGenerator(seed: 2))
        for _ in 0..<2_000 { model.addTill() }
        let values = model.offsets
        let mean = values.reduce(0, +) / Double(values.count)
        let sd = (values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count - 1)).squareRoot()
        #expect(abs(sd - TillOffsets.danisSpread) < 0.2)
    }

    @Test func aGivenOffsetAndExponentAreTheTillsOwn() {
        var parameters = RadioParameters()
        parameters.tillOffsetSigma = 0
        var model = SignalModel(parameters: parameters, generator: SeededGenerator(seed: 2))
        model.addTill()
        model.addTill(offset: -4.5, exponent: 2.5)
        #expect(model.offsets == [0, -4.5])
        #expect(abs(model.meanRSSI(till: 0, distance: 10) - (parameters.referenceRSSI - 10 * parameters.pathLossExponent)) < 1e-9)
        #expect(abs(model.meanRSSI(till: 1, distance: 10) - (parameters.referenceRSSI - 25)) < 1e-9)
    }

    @Test func theSameSeedGivesTheSameRoom() {
        func sample(_ seed: UInt64) -> Double {
            var model = SignalModel(parameters: RadioParameters(), generator: SeededGenerator(seed: seed))
            model.addTill()
            model.addTill()
            let at = Position(x: 2, y: 3, z: 1.2)
            return model.held(till: 1, tillPosition: Position(x: 0, y: 0, z: 1), phone: 0, at: at, basis: model.shadowingBasis(at: at),
                              stand: 1, fixedOffset: 0).channel(1)
        }
        #expect(sample(42) == sample(42))
        #expect(sample(42) != sample(43))
    }

    /// Asked for what a phone holds unless it is surely under a level, the model gives the held
    /// signal to the bit, or nothing only where every packet it could give (the largest noise on
    /// any channel, never past the ceiling) is under the level: tills up to about 8 km away on the
    /// far field, the fixed offset bounded tightly and loosely and each of the four cuts (the mean,
    /// with the ceiling, the shadowing, the fixed offset's own, the link's fade) taken.
    @Test func aHeldSignalUnlessUnderALevelIsTheHeldSignalOrNoneOnlyBelowIt() {
        // A shadowing wider than the Danis fit's, so that the field alone often settles a till under the
        // ceiling (the fit's 2.3 dB does so only more than 6.6 dB below its mean, under 0.2 % of spots).
        var parameters = RadioParameters()
        parameters.shadowingSigma = 5
        var model = SignalModel(parameters: parameters, generator: SeededGenerator(seed: 9))
        var draws = SeededGenerator(seed: 10)
        let tills = (0..<60).map { _ in Position(x: draws.uniform(-4_000...4_000), y: draws.uniform(-300...300), z: 1) }
        for _ in tills { model.addTill() }
        var cut = 0, kept = 0, cutAtTheMean = 0, cutAtTheShadowing = 0, cutAtTheLink = 0, cutAtTheOffset = 0
        let bounds = model.heldBounds, noise = model.noiseBound, ceiling = model.drawCeiling
        for phone in 0..<20 {
            let at = Position(x: draws.uniform(-4_000...4_000), y: draws.uniform(-300...300), z: 1.2)
            let basis = model.shadowingBasis(at: at), fixed = draws.uniform(-6...0)
            for (till, position) in tills.enumerated() {
                let held = model.held(till: till, tillPosition: position, phone: phone, at: at, basis: basis, stand: 7, fixedOffset: fixed)
                for level in [-140.0, -121.1, -100] {
                    var asked = false
                    let atMost = till % 2 == 0 ? fixed : fixed + 2
                    let unless = model.held(till: till, tillPosition: position, phone: phone, at: at, basis: basis, stand: 7,
                                            unlessUnder: level, fixedAtMost: atMost, fixedOffset: { needed in
                                                // As the walls do: nil once the offset is surely under what it needs.
                                                asked = true
                                                if fixed < needed { cutAtTheOffset += 1; return nil }
                                                return fixed
                                            })
                    if let unless {
                        kept += 1
                        #expect(unless.link.bitPattern == held.link.bitPattern)
                        #expect((0..<3).allSatisfy { unless.channel($0).bitPattern == held.channel($0).bitPattern })
                        #expect(unless.ceiling.bitPattern == held.ceiling.bitPattern)
                    } else {
                        cut += 1
                        #expect((0..<3).allSatisfy { min(held.channel($0) + noise, held.ceiling) < level },
                                "cut at \(level) dBm though \(held.channels), ceiling \(held.ceiling)")
                        let mean = model.meanRSSI(till: till, distance: at.distance(to: position)) + model.offsets[till]
                        if asked {
                            cutAtTheLink += 1
                        } else if mean + atMost + min(ceiling, bounds.shadowing + min(model.fadeCeiling, bounds.fades + noise)) < level {
                            cutAtTheMean += 1
                        } else {
                            cutAtTheShadowing += 1
                        }
                    }
                }
            }
        }
        #expect(cut > 500 && kept > 500, "\(cut) cut, \(kept) kept")
        #expect(cutAtTheMean > 0 && cutAtTheShadowing > 0 && cutAtTheLink > cutAtTheOffset && cutAtTheOffset > 0,
                "\(cutAtTheMean), \(cutAtTheShadowing), \(cutAtTheLink), \(cutAtTheOffset)")
    }

    /// The ceiling on a packet's draws is the Chernoff bound of their sum at 2^-53: for Gaussian
    /// draws alone sqrt(2 x 53 ln 2) standard deviations (8.57), rounded up to a 64th of a dB; with
    /// the Danis fit's fades, about 33.4 dB (a numerical convolution of the four draws' densities
    /// puts their 1 - 2^-53 quantile at 32.3 dB, and the parts' own largest draws sum to 71.9), and
    /// for the fades and the noise alone about 25.4 (their own largest: 40.0); fades too steady for
    /// their series (K 60 and 80 dB) add their largest draw, hundredths of a dB. The
    /// fades' moment generating function is their distribution's: a midpoint rule over the two
    /// normals agrees. A packet reads its held signal plus its noise, never past the ceiling.
    @Test func aPacketsDrawsStopAtTheirChernoffBoundAtTwoToTheMinus53() throws {
        let gaussian = SignalModel.drawCeiling(gaussianVariance: 4, fades: [])
        let exact = 2 * (2 * 53 * log(2.0)).squareRoot()
        #expect(gaussian >= exact && gaussian < exact + 1.0 / 64 + 1e-9, "\(gaussian) against \(exact)")
        let model = SignalModel(parameters: RadioParameters(), generator: SeededGenerator(seed: 4))
        #expect(model.drawCeiling > 33 && model.drawCeiling < 33.8, "\(model.drawCeiling)")
        #expect(model.drawCeiling < model.heldBounds.shadowing + model.heldBounds.fades + model.noiseBound - 35)
        #expect(model.fadeCeiling > 25 && model.fadeCeiling < 25.8, "the fades and the noise alone: \(model.fadeCeiling)")
        let steps = 601, span = 9.0, width = 2 * span / Double(steps)
        for k in [7.0, 5.7, 0] {
            let fade = RicianFade(kFactordB: k)
            for t in [0.3, 1, 2] {
                var sum = 0.0
                for a in 0..<steps {
                    let u = -span + (Double(a) + 0.5) * width, wu = exp(-u * u / 2)
                    for b in 0..<steps {
                        let v = -span + (Double(b) + 0.5) * width
                        let re = fade.lineOfSight + fade.scatter * u, im = fade.scatter * v
                        sum += wu * exp(-v * v / 2) * exp(t * (10 * log10(re * re + im * im) - fade.mean))
                    }
                }
                let quadrature = log(sum * width * width / (2 * Double.pi))
                #expect(abs(fade.logMomentGenerating(t, normalsUpTo: .infinity) - quadrature) < 1e-3, "K \(k) dB, t \(t): \(fade.logMomentGenerating(t, normalsUpTo: .infinity)) against \(quadrature)")
            }
        }
        // Fades too steady for the series (K past 26 dB) are bounded by their largest draw.
        var steady = RadioParameters()
        steady.fadingKdB = 80
        steady.channelFadingKdB = 60
        let steadyModel = SignalModel(parameters: steady, generator: SeededGenerator(seed: 4))
        let gaussianOnly = SignalModel.drawCeiling(gaussianVariance: 2.3 * 2.3 + 1.6 * 1.6, fades: [])
        #expect(steadyModel.drawCeiling >= gaussianOnly && steadyModel.drawCeiling < gaussianOnly + 0.1, "\(steadyModel.drawCeiling)")
        let held = HeldSignal(link: -70, channels: (-70, -71, -72), ceiling: -60)
        #expect(held.packet(on: 1, noise: 3) == -68)
        #expect(held.packet(on: 0, noise: 12) == -60)
    }

    /// The bounds the held signal is cut by hold for every draw: a fade at any pair of normals
    /// the ziggurat can give (it gives none beyond `NormalQuantile.of(1 - 2^-53)`:
    /// `NormalQuantileTests`), reaching the bound at the largest; the shadowing field at any spot.
    @Test func theHeldSignalsBoundsHoldForEveryDraw() throws {
        let model = SignalModel(parameters: RadioParameters(), generator: SeededGenerator(seed: 4))
        let bounds = model.heldBounds
        #expect(bounds.shadowing > 31 && bounds.shadowing < 33, "2.3 dB x sqrt(192)")
        let largestNormal = NormalQuantile.of(1 - 0x1.0p-53), decibels = SignalTables.standard.decibels
        let link = RicianFade(kFactordB: RadioParameters().fadingKdB), channel = RicianFade(kFactordB: try #require(RadioParameters().channelFadingKdB))
        /// The fade `fade` draws from the normals `a` and `b`.
        func fade(_ rician: RicianFade, _ a: Double, _ b: Double) -> Double {
            let re = rician.lineOfSight + rician.scatter * a, im = rician.scatter * b
            return decibels.of(max(re * re + im * im, 1e-12)) - rician.mean
        }
        let steps = (0...40).map { -largestNormal + 2 * largestNormal * Double($0) / 40 }
        for rician in [link, channel] {
            let largest = rician.largest(normalsUpTo: largestNormal)
            for a in steps { for b in steps { #expect(fade(rician, a, b) <= largest) } }
            #expect(abs(fade(rician, largestNormal, largestNormal) - largest) < 1e-6, "the bound is reached")
        }
        #expect(abs(bounds.channel - channel.largest(normalsUpTo: largestNormal)) < 1e-12)
        #expect(abs(bounds.fades - bounds.channel - link.largest(normalsUpTo: largestNormal)) < 1e-12)
        var spectrum = SeededGenerator(seed: 11)
        var field = SharedSpectrumShadowing(sigma: 2.3, correlationLength: 1.7, generator: &spectrum)
        var phases = SeededGenerator(seed: 5)
        field.addTill(generator: &phases)
        var draws = SeededGenerator(seed: 6)
        let largestValue = try #require((0..<20_000).map { _ in abs(field.value(till: 0, x: draws.uniform(-1e4...1e4), y: draws.uniform(-1e4...1e4))) }.max())
        #expect(largestValue < field.largest && largestValue > 5)
    }
}
