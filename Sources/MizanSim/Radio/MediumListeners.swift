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
                    Unmanaged.passUnretained(listeners[index])._withUnsafeGuaranteedRef { phone in
                        if phone.availability == .on { body(phone) }
                    }
                }
            }
        case .ownTillOnly:
            // A phone is in `scanners` exactly while `scanning` is set (startScan, stopScan).
            till.ownPhone?._withUnsafeGuaranteedRef { phone in
                if phone.scanning, phone.availability == .on { body(phone) }
            }
        }
    }

    /// Where the endpoint numbered `index` belongs in `endpoints`, which is in
    /// index order (`scanners`, `advertisers`): the first position whose
    /// endpoint's index is not below `index`. A binary search, which retains no
    /// endpoint, where a linear `firstIndex` or `removeAll` retains each it passes.
    static func position<Endpoint: AnyObject>(of index: Int, in endpoints: [Endpoint], _ indexOf: (Endpoint) -> Int) -> Int {
        endpoints.withUnsafeBufferPointer { endpoints in
            var low = 0, high = endpoints.count
            while low < high {
                let middle = (low + high) / 2
                if Unmanaged.passUnretained(endpoints[middle])._withUnsafeGuaranteedRef({ indexOf($0) < index }) {
                    low = middle + 1
                } else {
                    high = middle
                }
            }
            return low
        }
    }

    /// Puts `endpoint` into `endpoints` (in index order) unless it is there already. Indices
    /// are unique (a till's is its place, a phone's never reused), which the bisection relies on.
    static func insert<Endpoint: AnyObject>(_ endpoint: Endpoint, into endpoints: inout [Endpoint], _ indexOf: (Endpoint) -> Int) {
        let at = position(of: indexOf(endpoint), in: endpoints, indexOf)
        if at < endpoints.count, endpoints[at] === endpoint { return }
        assert(at == endpoints.count || indexOf(endpoints[at]) != indexOf(endpoint), "two endpoints numbered \(indexOf(endpoint))")
        endpoints.insert(endpoint, at: at)
    }

    /// Takes `endpoint` out of `endpoints` (in index order) if it is there.
    static func remove<Endpoint: AnyObject>(_ endpoint: Endpoint, from endpoints: inout [Endpoint], _ indexOf: (Endpoint) -> Int) {
        let at = position(of: indexOf(endpoint), in: endpoints, indexOf)
        if at < endpoints.count, endpoints[at] === endpoint { endpoints.remove(at: at) }
    }
}
