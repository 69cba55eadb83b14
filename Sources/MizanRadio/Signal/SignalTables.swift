import MizanTime

/// The signal model's fixed tables (`SignalModel.tables`), one instance for every model.
package final class SignalTables: Sendable {
    let normals = Ziggurat.standard
    let decibels = Decibels.standard

    static let standard = SignalTables()
}
