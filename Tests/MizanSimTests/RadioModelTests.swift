import Foundation
import Testing
@testable import MizanSim
@testable import MizanRadio
@testable import MizanTime

/// The radio model does what its parameters say, checked by fitting it back.
@Suite struct RadioModelTests {
    /// Least-squares fit of RSSI = a - 10 n log10(d): returns (a, n, residual sd).
    static func fit(_ samples: [(distance: Double, rssi: Double)]) -> (reference: Double, exponent: Double, sigma: Double) {
        let xs = samples.map { -10 * log10($0.distance) }, ys = samples.map(\.rssi)
        let n = Double(samples.count)
        let mx = xs.reduce(0, +) / n, my = ys.reduce(0, +) / n
        let sxy = zip(xs, ys).reduce(0) { $0 + ($1.0 - mx) * ($1.1 - my) }
        let sxx = xs.reduce(0) { $0 + ($1 - mx) * ($1 - mx) }
        let slope = sxy / sxx
        let intercept = my - slope * mx
        let residuals = zip(xs, ys).map { $1 - (intercept + slope * $0) }
        let sigma = (residuals.reduce(0) { $0 + $1 * $1 } / (n - 2)).squareRoot()
        return (intercept, slope, sigma)
    }

    static func samples(_ parameters: RadioParameters, seed: UInt64, count: Int = 40_000) -> [(distance: Double, rssi: Double)] {
        let model = SignalModel.firstRadio(parameters)
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { i in
            let distance = 0.5 + Double(i % 40) * 0.5
            return (distance, model.packetRSSI(distance: distance, fixedOffset: 0, generator: &generator))
        }
    }

    @Test func fittedReferenceExponentAndSigmaMatchTheConfiguredOnes() {
        var parameters = RadioParameters()
        parameters.referenceRSSI = -62
        parameters.pathLossExponent = 2.4
        parameters.packetSigma = 5
        let fit = Self.fit(Self.samples(parameters, seed: 11))
        #expect(abs(fit.reference - -62) < 0.3)
        #expect(abs(fit.exponent - 2.4) < 0.05)
        #expect(abs(fit.sigma - 5) < 0.15)
    }

    @Test func ricianFadingWidensTheSpreadAndKeepsTheMeanNearThePathLoss() {
        var parameters = RadioParameters()
        parameters.packetSigma = 0
        parameters.ricianKdB = 7
        let fit = Self.fit(Self.samples(parameters, seed: 12))
        #expect(abs(fit.exponent - parameters.pathLossExponent) < 0.05)
        // K = 7 dB: a few dB of spread, far less than none or than Rayleigh's 5.6 dB.
        #expect(fit.sigma > 1 && fit.sigma < 4)
    }

    @Test func theDefaultsAreTheSignalModelsDanisFit() {
        // docs/signal-model.md: the pooled Danis fit -59.8 dBm at 1 m, exponent 1.64; the split of its residuals.
        let defaults = RadioParameters(), fit = SignalParameters()
        #expect(defaults.advertising == .signal)
        #expect(defaults.referenceRSSI == fit.referenceRSSI && defaults.pathLossExponent == fit.pathLossExponent)
        #expect(defaults.shadowingSigma == fit.shadowingSigma && defaults.shadowingLength == fit.shadowingLength)
        #expect(defaults.fadingKdB == fit.fadingKdB && defaults.fadingLength == fit.fadingLength)
        #expect(defaults.channelFadingKdB == fit.channelFadingKdB && defaults.packetNoise == fit.packetNoise)
        #expect(defaults.tillOffsetSigma == TillOffsets.danisSpread)
        // The first definition: docs/radio.md's Danis Pi receivers fit -58.9 dBm at 1 m, exponent 2.17, sigma 6.5 dB.
        let first = RadioParameters.firstDefinition
        #expect(first.advertising == .simple)
        #expect(abs(first.referenceRSSI - -58.9) < 0.5)
        #expect(abs(first.pathLossExponent - 2.17) < 0.1)
        #expect(abs(first.packetSigma - 6.5) < 1)
    }

    @Test func packetErrorRateRisesAsRSSIFalls() {
        let model = SignalModel.firstRadio(RadioParameters())
        let rates = stride(from: -60.0, through: -100, by: -1).map { model.packetErrorRate(rssi: $0) }
        #expect(zip(rates, rates.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(model.packetErrorRate(rssi: -80) < 0.002)
        #expect(abs(model.packetErrorRate(rssi: RadioParameters().perMidpoint) - 0.5) < 1e-9)
        #expect(model.packetErrorRate(rssi: -96) == 1)
        #expect(SignalModel.firstRadio(.ideal).packetErrorRate(rssi: -120) == 0)
    }

    @Test func meanRSSIFollowsLogDistance() {
        let model = SignalModel.firstRadio(.firstDefinition)
        #expect(model.meanRSSI(distance: 1) == -59)
        #expect(abs(model.meanRSSI(distance: 10) - (-59 - 22)) < 1e-9)
    }

    /// The first radio's packets never gain more over their mean than `largestGain` (its spread
    /// and fade with the generator's normals at their largest), which its advertising cuts by: a
    /// link whose mean is further below the sensitivity is lost whatever is drawn.
    @Test func noFirstRadioPacketGainsMoreThanItsLargestGain() {
        var parameters = RadioParameters()
        parameters.packetSigma = 6
        parameters.ricianKdB = 3
        let fresh = SignalModel.firstRadio(parameters)
        var generator = SeededGenerator(seed: 12)
        let gains = (0..<300_000).map { _ in fresh.packetRSSI(mean: 0, generator: &generator) }
        let largest = gains.max() ?? 0
        #expect(largest > 15 && largest < fresh.largestGain, "largest \(largest), bound \(fresh.largestGain)")
        #expect(fresh.largestGain < 6 * SeededGenerator.largestNormal + 25)
        parameters.ricianKdB = nil
        #expect(SignalModel.firstRadio(parameters).largestGain == 6 * SeededGenerator.largestNormal)
    }
}
