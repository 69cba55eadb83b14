import MizanTime
/// The medium's list of scanning phones, kept in index order (`scanners`) so
/// that every packet visits them in the same order: found, joined and left
/// by bisection.
extension RadioMedium {
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
