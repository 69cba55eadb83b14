import MizanSim
import MizanFormats
import MizanRadio

/// What `mizan rssi-experiment` runs (`docs/rssi-experiment.md`): every
/// combination of the axes, each over `seeds` seeded sessions.
public struct ExperimentPlan: Sendable {
    public var seeds = 200
    public var firstSeed: UInt64 = 1
    /// Tills in the row; the phone stands at the middle one.
    public var tills = 7
    /// The radio every cell starts from (`radio` in the file).
    public var radio = RadioParameters()
    public var tillSpacing: [Double]
    public var packetSigma: [Double]
    public var linkShadowingSigma: [Double]
    public var ricianKdB: [Double?]
    public var bodyLoss: [Double]
    public var tillOffsetSigma: [Double]
    public var phoneOffsetSigma: [Double]
    public var scanWindow: [Double]
    public var strategies: [StrategySpec]

    public init(tillSpacing: [Double], strategies: [StrategySpec]) {
        let radio = RadioParameters()
        self.tillSpacing = tillSpacing
        self.strategies = strategies
        packetSigma = [radio.packetSigma]
        linkShadowingSigma = [radio.linkShadowingSigma]
        ricianKdB = [radio.ricianKdB]
        bodyLoss = [0]
        tillOffsetSigma = [0]
        phoneOffsetSigma = [0]
        scanWindow = [1]
    }

    /// Every cell, in a fixed order: scan window, strategy, then the radio axes, spacing last.
    public var cells: [ExperimentCell] {
        var cells: [ExperimentCell] = []
        for window in scanWindow {
            for spec in strategies {
                for sigma in packetSigma {
                    for shadowing in linkShadowingSigma {
                        for k in ricianKdB {
                            for body in bodyLoss {
                                for tillOffset in tillOffsetSigma {
                                    for phoneOffset in phoneOffsetSigma {
                                        for spacing in tillSpacing {
                                            var radio = self.radio
                                            radio.packetSigma = sigma
                                            radio.linkShadowingSigma = shadowing
                                            radio.ricianKdB = k
                                            let windowed = (try? spec.with(window: window)) ?? spec
                                            cells.append(ExperimentCell(strategy: windowed, scanWindow: window, radio: radio, tillSpacing: spacing,
                                                                        bodyLoss: body, tillOffsetSigma: tillOffset, phoneOffsetSigma: phoneOffset))
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return cells
    }
}

/// One combination of the axes.
public struct ExperimentCell: Hashable, Sendable {
    public let strategy: StrategySpec
    public let scanWindow: Double
    public let radio: RadioParameters
    public let tillSpacing: Double
    public let bodyLoss: Double
    public let tillOffsetSigma: Double
    public let phoneOffsetSigma: Double
}
