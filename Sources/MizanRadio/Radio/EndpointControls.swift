import MizanRuntime

/// What the floor sets and reads on the medium and its endpoints. The stored
/// properties stay internal to the radio, so that the compiler sees every
/// access to them and checks their exclusivity statically; a package-visible
/// stored property of a class is checked at run time on every access.
extension TillEndpoint {
    /// Where the till's radio events go (its device, on the run's executor).
    package func deliver(to receiver: @escaping (PeripheralRadioEvent) -> Void) { deliver = receiver }
}

extension PhoneEndpoint {
    /// Where the phone's radio events go (its device, on the run's executor).
    package func deliver(to receiver: @escaping (CentralRadioEvent) -> Void) { deliver = receiver }
    /// The phone moves: from now on it stands or walks as `motion` says.
    package func move(_ motion: Motion) { self.motion = motion }
    /// The phone moves and, standing, faces `facing` (radians): what it held of the last stand goes.
    package func move(_ motion: Motion, facing: Double) {
        self.facing = facing
        self.motion = motion
    }
    /// The carrier's body and carriage by direction (`DirectionGain`), and the way they face while
    /// standing: set before the phone scans (the signal model's reaches take a phone's carriage as
    /// it starts to scan, `SignalAdvertising.phoneExtra`).
    package func carry(_ direction: DirectionGain, facing: Double) {
        self.direction = direction
        self.facing = facing
    }
    /// The phone's platform on the faithful link layer.
    package func setPlatform(_ profile: PhoneProfile?) { self.profile = profile }
    /// The platform's name, if it has one.
    package var platformName: String? { profile?.name }
    /// Neither scanning, connecting, linked nor waiting for a till's advertising.
    package var isIdle: Bool { !scanning && !connecting && link == nil && pendingTill == nil }
}
