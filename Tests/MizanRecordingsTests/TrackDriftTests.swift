import MizanGeometry
import Testing
import MizanProtocol
import MizanSim
import MizanTime
@testable import MizanRecordings
@testable import MizanRadio
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a till and a track hold of their own in time: drawn with the
/// correlation it claims, and found again by the fit.
@Suite struct TrackDriftTests {
    @Test func theDriftsCorrelationFallsAsItsTimeConstantSays() {
        var generator = SeededGenerator(seed: 5)
        let times = (0..<40_000).map { Double($0) * 0.1 }
        let values = TrackDrift(sigma: 3, timeConstant: 5, offsetSigma: 0).values(at: times, generator: &generator)
        let mean = values.reduce(0, +) / Double(values.count)
        let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count)
        let lag = 50 // 5 s
        let covariance = (0..<(values.count - lag)).reduce(0.0) { $0 + (values[$1] - mean) * (values[$1 + lag] - mean) } / Double(values.count - lag)
        #expect(abs(variance.squareRoot() - 3) < 0.5, "sd \(variance.squareRoot())")
        #expect(abs(covariance / variance - exp(-1)) < 0.1, "correlation at one time constant \(covariance / variance)")
    }

    @Test func aConstantOnlyDriftIsTheSameAtEveryTime() {
        var generator = SeededGenerator(seed: 2)
        let values = TrackDrift(sigma: 0, timeConstant: 1, offsetSigma: 4).values(at: [0, 1, 2, 50], generator: &generator)
        #expect(Set(values).count == 1 && values[0] != 0)
    }

    @Test func theFitFindsADriftATwinWasMadeWith() throws {
        var truth = TwinRadio.danisDefault
        truth.signal.fadingKdB = 40
        truth.trackDrift = TrackDrift(sigma: 4, timeConstant: 3, offsetSigma: 0)
        var shares: [Double] = [], constants: [Double] = []
        for seed in UInt64(1)...3 {
            let fit = try TwinFit(DigitalTwin(radio: truth).simulate(TwinDirectionTests.recording(), seed: seed))
            shares.append(fit.trackDriftShare)
            constants.append(fit.trackDrift.timeConstant)
            #expect(fit.fadingShare == 0, "the drift takes the link fade's place")
        }
        #expect(shares.allSatisfy { $0 > 0.2 }, "shares \(shares)")
        #expect(constants.allSatisfy { $0 > 1.5 && $0 < 6 }, "time constants \(constants)")
    }
}
