/// Everything with a side that a device's driver is given: its radio, its
/// clock, its key source, its log, and who watches what it does (the floor,
/// a lane, a test).
struct DeviceDependencies<Radio, Timer: Hashable, Observation> {
    let radio: Radio
    let clock: DeviceClock<Timer>
    let keys: KeySource
    let log: DeviceLog
    let observe: (Observation) -> Void
}
