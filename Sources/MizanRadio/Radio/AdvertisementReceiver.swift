/// What hears a scanning phone's advertising reports directly from the medium,
/// on the run's executor (the floor's `Phone`): see `PhoneEndpoint.sendReports(to:)`.
package protocol AdvertisementReceiver: AnyObject {
    /// An advertising packet's payload heard at `rssi` dBm.
    func heardAdvertisementOnRun(_ payload: [UInt8], rssi: Int)
    /// `heardAdvertisementOnRun` of a receiver given as `AnyObject`: a closure
    /// that captures nothing (calling it retains no context), written once by
    /// the conforming type, `{ unsafeDowncast($0, to: Self.self).heardAdvertisementOnRun($1, rssi: $2) }`.
    static var hearAdvertisement: @Sendable (AnyObject, [UInt8], Int) -> Void { get }
}
