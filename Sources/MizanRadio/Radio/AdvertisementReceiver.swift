/// What hears a scanning phone's advertising reports directly from the medium,
/// on the run's executor (the floor's `Phone`): see `PhoneEndpoint.sendReports(to:)`.
package protocol AdvertisementReceiver: AnyObject {
    /// An advertising packet's payload heard at `rssi` dBm.
    func heardAdvertisementOnRun(_ payload: [UInt8], rssi: Int)
}
