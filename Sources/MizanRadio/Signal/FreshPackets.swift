import MizanGeometry
import MizanTime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SignalModel {
    /// The part of the signal model that holds nothing: a packet drawn afresh
    /// from the caller's sequential generator around a link's mean (path loss
    /// by the C library's logarithm plus the caller's offsets), and a link's
    /// packet error rate. Every floor's connection packets
    /// (`RadioParameters.linkPackets`: on the signal model its noise and a
    /// fresh channel fade, since data channels hop), the first radio's
    /// advertising (`SignalModel.firstRadio`) and `rssi-experiment` draw here.
    /// Its own value, free of the model's arrays, so that a link's every
    /// packet reads it without retaining them.
    public struct Fresh: Sendable {
        /// The path loss (`PathLoss`).
        public let pathLoss: PathLoss
        /// The per-packet spread, sd dB, and the Rician fade's K, dB (nil: none).
        public let spread: Double
        public let fadingKdB: Double?
        /// Below this a packet is not heard, dBm; the error rate's logistic curve (`packetErrorRate`).
        public let sensitivity: Double
        public let perMidpoint: Double
        public let perSlope: Double
        private let lineOfSight: Double
        private let scatter: Double

        /// Packets of `parameters`' own `packetSigma` and `ricianKdB`.
        init(_ parameters: RadioParameters) {
            pathLoss = PathLoss(referenceRSSI: parameters.referenceRSSI, exponent: parameters.pathLossExponent, farField: parameters.farField)
            spread = parameters.packetSigma
            fadingKdB = parameters.ricianKdB
            sensitivity = parameters.sensitivity
            perMidpoint = parameters.perMidpoint
            perSlope = parameters.perSlope
            (lineOfSight, scatter) = parameters.ricianKdB.map { RicianFade.parts(kFactordB: $0) } ?? (1, 0)
            let most = SeededGenerator.largestNormal
            largestGain = Swift.max(spread, 0) * most
                + (scatter > 0 ? RicianFade.largestPower(lineOfSight: lineOfSight, scatter: scatter, normalsUpTo: most) : 0)
        }

        /// Mean RSSI at `distance` metres (no spread, no offsets).
        public func meanRSSI(distance: Double) -> Double {
            pathLoss.meanRSSI(log10Distance: log10(PathLoss.clamped(distance)))
        }

        /// The most a packet can gain over its mean, dB: the spread and the Rician fade with the
        /// generator's normals at their largest (`SeededGenerator.largestNormal`); none from a
        /// spread that is not positive, which draws nothing.
        public let largestGain: Double

        /// One packet, dBm: `mean` plus N(0, `spread`) and the Rician fade, from `generator` in that order.
        public func packetRSSI(mean: Double, generator: inout SeededGenerator) -> Double {
            var rssi = mean
            if spread > 0 { rssi += generator.normal(mean: 0, sd: spread) }
            if scatter > 0 {
                let i = lineOfSight + scatter * generator.normal()
                let q = scatter * generator.normal()
                rssi += 10 * log10(Swift.max(i * i + q * q, 1e-12))
            }
            return rssi
        }

        /// One packet at `distance` metres with `fixedOffset` added to its mean.
        public func packetRSSI(distance: Double, fixedOffset: Double, generator: inout SeededGenerator) -> Double {
            packetRSSI(mean: meanRSSI(distance: distance) + fixedOffset, generator: &generator)
        }

        /// The probability that one connection-event packet is lost at `rssi`:
        /// certain below the sensitivity, else the logistic curve of `perMidpoint` and `perSlope`.
        public func packetErrorRate(rssi: Double) -> Double {
            if rssi < sensitivity { return 1 }
            return 1 / (1 + exp((rssi - perMidpoint) / perSlope))
        }
    }
}
