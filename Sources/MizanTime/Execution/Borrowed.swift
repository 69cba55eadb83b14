/// An object held unmanaged and used borrowed: the one place where the run
/// holds a reference that nothing checks (a repository test keeps `Unmanaged`
/// to this file, so that every such reference is a `Borrowed` a reader can
/// find).
///
/// Why: a strong reference costs a retain and release around each call, and
/// an unowned one is checked by an atomic retain and release, about 7 ns each
/// time (docs/speed-and-memory.md), on paths taken for every packet, report
/// and timer. Only for an object that owns the holder or outlives it by
/// construction (the medium and its tills live for the run, longer than any
/// driver or timer; a floor owns its units, a unit its driver, a driver its
/// core), or, for the length of one call, an element that an array the caller
/// holds keeps alive (the listeners of a packet, a search of the tills). Nothing checks that the object is alive: where the lifetime is a rule
/// of the run rather than of ownership (a payer's endpoint and unit, which
/// retirement drops), the reference stays a checked `unowned`, so that a
/// broken rule traps.
@frozen @usableFromInline
package struct Borrowed<Object: AnyObject> {
    @usableFromInline let reference: Unmanaged<Object>

    @inlinable @inline(__always)
    package init(_ object: Object) {
        reference = .passUnretained(object)
    }

    /// Calls `body` with the object: no retain, release or check around it.
    @inlinable @inline(__always)
    package func with<Result>(_ body: (Object) throws -> Result) rethrows -> Result {
        try reference._withUnsafeGuaranteedRef(body)
    }
}

extension Borrowed: Sendable where Object: Sendable {}

/// Two borrowed objects used together.
@inlinable @inline(__always)
package func withBorrowed<A: AnyObject, B: AnyObject, Result>(_ a: Borrowed<A>, _ b: Borrowed<B>, _ body: (A, B) -> Result) -> Result {
    a.with { a in b.with { b in body(a, b) } }
}
