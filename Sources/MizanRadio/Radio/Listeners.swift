import MizanTime

/// Who hears a till's advertising: the phones that scan, kept in index order
/// (`scanners`) so that every packet visits them in the same order, and on
/// isolated pairs (`.ownTillOnly`, W1) only each till's own phone, so that a
/// packet no longer walks every phone that scans (about a fifth of W1's 100
/// phones at any time, three times per advertising event). On the signal
/// model, also each till's audience (`TillAudiences`): the phones scanning
/// that have not found they can never hear it where they stand, which its events visit.
///
/// Its lists are unchecked for exclusivity, as the medium's device tables:
/// each access is a short read, insert or remove that calls nothing back.
final class Listeners {
    let audibility: RadioMedium.Audibility
    /// Phones that scan, in index order.
    @exclusivity(unchecked) private(set) var scanners: [PhoneEndpoint] = []
    /// The phone numbered as each till (index for index), if any: on isolated pairs the only
    /// phone that hears the till. What keeps it alive for its till's `ownPhone` (`setOwnPhone` sets both).
    @exclusivity(unchecked) private(set) var ownPhones: [PhoneEndpoint?] = []

    /// Each till's audience, on the signal model (nil on the first radio, whose phones hear every till).
    let audiences: TillAudiences?

    /// `audienceWords`: the most words the audiences may take (`TillAudiences.maximumWords`).
    init(audibility: RadioMedium.Audibility, tracksAudiences: Bool, audienceWords: Int = TillAudiences.maximumWords) {
        self.audibility = audibility
        audiences = tracksAudiences ? TillAudiences(maximumWords: audienceWords) : nil
    }

    /// Whether `phone` can hear `till` at all (`audibility`).
    @inline(__always)
    func canHear(_ phone: PhoneEndpoint, _ till: TillEndpoint) -> Bool {
        switch audibility {
        case .everyone: true
        case .ownTillOnly: phone.index == till.index
        }
    }

    /// Calls `body` for each phone that scans now, has Bluetooth on and can
    /// hear `till`, in index order: the first radio's events (no audiences there;
    /// the signal model's visit with `visit(hearing:)`). Every phone scanning, or on
    /// isolated pairs the till's own (`scanningOwnPhone`).
    /// Each phone is passed borrowed, without a retain and a release per phone and packet: the
    /// copy of `scanners` keeps every one alive for the pass (one that decides stops scanning,
    /// and leaves the list, inside `body`), and `ownPhones` keeps the till's own (`ownPhone`).
    @inline(__always)
    func forEach(hearing till: TillEndpoint, _ body: (PhoneEndpoint) -> Void) {
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
            Self.scanningOwnPhone(of: till)?.with { phone in
                if phone.availability == .on { body(phone) }
            }
        }
    }

    /// On isolated pairs, the one phone that hears `till`: its own, while it scans.
    @inline(__always)
    static func scanningOwnPhone(of till: TillEndpoint) -> Borrowed<PhoneEndpoint>? {
        // A phone is in `scanners` exactly while `scanning` is set (`join`, `leave`).
        guard let own = till.ownPhone, own.with({ $0.scanning }) else { return nil }
        return own
    }

    /// How many times a phone has started scanning (`PhoneEndpoint.scanJoin`: the count when it last did).
    @exclusivity(unchecked) private(set) var joins = 0

    /// The phones an advertising event of `till` visits (`ListenerVisit`), from now.
    func visit(hearing till: TillEndpoint) -> ListenerVisit {
        ListenerVisit(till: till, listeners: self)
    }

    /// The phone starts scanning; standing still, it may hear only `tills` (`TillAudiences.join`).
    func join(_ phone: PhoneEndpoint, tills heard: ArraySlice<Int>? = nil) {
        joins &+= 1
        phone.scanJoin = joins
        Self.insert(phone, into: &scanners) { $0.index }
        audiences?.join(phone, tills: heard)
    }

    /// The phone stops scanning.
    func leave(_ phone: PhoneEndpoint) {
        audiences?.leave(phone)
        Self.remove(phone, from: &scanners) { $0.index }
    }

    /// A till is added (its index the next): its own phone is the one numbered as it, if any.
    func addTill(_ till: TillEndpoint, ownPhone: PhoneEndpoint?) {
        ownPhones.append(nil)
        audiences?.addTill()
        setOwnPhone(ownPhone, of: till)
    }

    /// Till `till`'s own phone (`ownPhones`), and the till's unmanaged copy of it.
    func setOwnPhone(_ phone: PhoneEndpoint?, of till: TillEndpoint) {
        guard till.index < ownPhones.count else { return }
        ownPhones[till.index] = phone
        till.ownPhone = phone.map { Borrowed($0) }
    }

    // MARK: endpoints in index order

    /// Where the endpoint numbered `index` belongs in `endpoints`, which is in
    /// index order (`scanners`): the first position whose endpoint's index is
    /// not below `index`. A binary search, which retains no
    /// endpoint, where a linear `firstIndex` or `removeAll` retains each it passes.
    static func position<Endpoint: AnyObject>(of index: Int, in endpoints: [Endpoint], _ indexOf: (Endpoint) -> Int) -> Int {
        endpoints.withUnsafeBufferPointer { endpoints in
            var low = 0, high = endpoints.count
            while low < high {
                let middle = (low + high) / 2
                if Borrowed(endpoints[middle]).with({ indexOf($0) < index }) {
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
