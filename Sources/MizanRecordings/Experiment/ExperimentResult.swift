import MizanSim
import MizanFormats

/// One cell's figures over its seeds.
public struct ExperimentResult: Hashable, Sendable {
    public let cell: ExperimentCell
    public let sessions: Int
    public let decided: Int
    public let right: Int
    /// Seconds from Start to the decision, over decided sessions.
    public let timeToDecide: Percentiles

    /// Chose the true nearest till, over all sessions.
    public var accuracy: Double { SelectionAccuracy.ratio(right, sessions) }
    /// Chose another till, over sessions that chose; 0 where none chose (the CSV's column is a
    /// number in every row, unlike `FloorReport.wrongTillRate`, which has none there).
    public var wrongTillRate: Double { decided == 0 ? 0 : Double(decided - right) / Double(decided) }

    public static let csvHeader = "strategy,scanWindow,tillSpacing,packetSigma,linkShadowingSigma,ricianKdB,bodyLoss,tillOffsetSigma,phoneOffsetSigma,sessions,decided,right,accuracy,wrongTillRate,decideP50,decideP99"

    public var csvRow: String {
        func n(_ value: Double?, _ digits: Int = 4) -> String { Figures.csv(value, digits: digits) }
        return [cell.strategy.label, n(cell.scanWindow), n(cell.tillSpacing), n(cell.radio.packetSigma), n(cell.radio.linkShadowingSigma),
                n(cell.radio.ricianKdB), n(cell.bodyLoss), n(cell.tillOffsetSigma), n(cell.phoneOffsetSigma),
                String(sessions), String(decided), String(right), n(accuracy), n(wrongTillRate),
                n(timeToDecide.p50, 3), n(timeToDecide.p99, 3)].joined(separator: ",")
    }
}
