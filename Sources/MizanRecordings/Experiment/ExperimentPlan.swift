import MizanSim
import MizanFormats
import MizanRadio
import MizanSelection
import MizanProtocol
import MizanGeometry

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

extension ExperimentPlan {
    /// The work the plan asks for, counted before any cell runs. `tillPackets`: the most packets
    /// its sessions can draw, every till's on every channel until Find's deadline (a session
    /// draws every till's advertising until it decides: at the end of its first window for most
    /// strategies, at the deadline where nothing is heard or a strategy waits), so a shorter
    /// advertising interval counts for more.
    /// `cellSamples`: what the position-based cells' decisions weigh, every cell of their map
    /// (`RadioMap.grid`, which grows with the row's length) against each packet of a window, at
    /// most every till's on every channel, at every ask of a strategy that waits for a lead
    /// (`confident`: a window each until its deadline).
    public var work: (cells: Int, tillPackets: Double, cellSamples: Double) {
        let cells = self.cells
        var mapCells: [Double: Double] = [:]
        var cellSamples = 0.0, tillPackets = 0.0
        let deadline = Find.Config.standardDeadline / .seconds(1)
        for cell in cells {
            let interval = cell.radio.advertisingInterval / .seconds(1)
            tillPackets += Double(seeds) * Double(tills * cell.radio.advertisingChannels) * Swift.max(cell.scanWindow, deadline) / interval
            guard cell.strategy.needsSurvey else { continue }
            // A strategy that waits for a lead asks every window until its own deadline (the first ask at or past it), each ask weighing one window.
            let weighed = cell.strategy.name == .confident
                ? Swift.min(Swift.max(cell.scanWindow, deadline), cell.strategy.value(.deadline) + cell.scanWindow) : cell.scanWindow
            let packets = Double(tills * cell.radio.advertisingChannels) * weighed / interval
            let spacing = cell.tillSpacing
            let map = mapCells[spacing] ?? {
                let placements = (0..<tills).map { TillPlacement(till: TillID(UInt32($0 + 1)), position: Position(x: spacing * Double($0), y: 0)) }
                let grid = RadioMap.grid(over: placements)
                return Double(grid.columns * grid.rows)
            }()
            mapCells[spacing] = map
            cellSamples += Double(seeds) * map * packets
        }
        return (cells.count, tillPackets, cellSamples)
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
