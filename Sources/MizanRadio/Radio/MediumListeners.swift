import MizanTime
/// Which scanning phones hear a till's advertising packet, without visiting
/// those that cannot: on isolated pairs (`.ownTillOnly`, W1) only the till's
/// own phone can, so the packet no longer walks every phone that scans (about
/// a fifth of W1's 100 phones at any time, three times per advertising event).
extension RadioMedium {
    /// Calls `body` for each phone that scans now, has Bluetooth on and can
    /// hear `till`, in index order: the phones `scanners` filtered by `canHear`.
    /// Each phone is passed borrowed, without a retain and a release per phone and packet: the
    /// copy of `scanners` keeps every one alive for the pass (one that decides stops scanning,
    /// and leaves the list, inside `body`), and `ownPhones` keeps the till's own (`ownPhone`).
    @inline(__always)
    func forEachListener(of till: TillEndpoint, _ body: (PhoneEndpoint) -> Void) {
        switch audibility {
        case .everyone:
            let listeners = scanners
            listeners.withUnsafeBufferPointer { listeners in
                for index in listeners.indices {
                    Borrowed(listeners[index]).with { phone in
                        if phone.availability == .on { body(phone) }
                    }
                }
            }
        case .ownTillOnly:
            // A phone is in `scanners` exactly while `scanning` is set (startScan, stopScan).
            till.ownPhone?.with { phone in
                if phone.scanning, phone.availability == .on { body(phone) }
            }
        }
    }
}
