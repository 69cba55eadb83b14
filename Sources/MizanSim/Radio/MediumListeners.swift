/// Which scanning phones hear a till's advertising packet, without visiting
/// those that cannot: on isolated pairs (`.ownTillOnly`, W1) only the till's
/// own phone can, so the packet no longer walks every phone that scans (about
/// a fifth of W1's 100 phones at any time, three times per advertising event).
extension RadioMedium {
    /// Calls `body` for each phone that scans now, has Bluetooth on and can
    /// hear `till`, in index order: the phones `scanners` filtered by `canHear`.
    @inline(__always)
    func forEachListener(of till: TillEndpoint, _ body: (PhoneEndpoint) -> Void) {
        switch audibility {
        case .everyone:
            for phone in scanners where phone.availability == .on { body(phone) }
        case .ownTillOnly:
            // A phone is in `scanners` exactly while `scanning` is set (startScan, stopScan).
            guard let phone = ownPhones[till.index], phone.scanning, phone.availability == .on else { return }
            body(phone)
        }
    }
}
