/// Two objects held unmanaged, used borrowed: neither a retain and release
/// around each call (a strong reference) nor a check at each use (an unowned
/// reference is checked by an atomic retain and release, about 7 ns each time:
/// docs/speed-and-memory.md). Only for a reference whose object owns the
/// holder or outlives it by construction, such as a driver's radio (the medium
/// and its tills live for the run, longer than any driver) or a till's
/// observer (the floor owns the unit, the unit its driver). Nothing checks
/// that the objects are alive: where the lifetime is a rule of the run rather
/// than of ownership (a payer's endpoint and unit, which retirement drops),
/// the reference stays a checked `unowned`, so that a broken rule traps.
@inline(__always)
package func withUnretained<A: AnyObject, B: AnyObject, Result>(_ a: Unmanaged<A>, _ b: Unmanaged<B>, _ body: (A, B) -> Result) -> Result {
    a._withUnsafeGuaranteedRef { a in b._withUnsafeGuaranteedRef { b in body(a, b) } }
}
