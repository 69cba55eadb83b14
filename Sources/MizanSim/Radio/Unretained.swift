/// Two objects held unmanaged, used borrowed: neither a retain and release
/// around each call (a strong reference) nor an atomic check at each use (an
/// unowned one). For callbacks stored in something both objects outlive by
/// construction, such as a driver's radio (the medium and its endpoints live
/// at least as long as the driver) or its observer (the floor and the unit own
/// the driver); nothing checks that they are alive, so nothing else may use it.
@inline(__always)
func withUnretained<A: AnyObject, B: AnyObject, Result>(_ a: Unmanaged<A>, _ b: Unmanaged<B>, _ body: (A, B) -> Result) -> Result {
    a._withUnsafeGuaranteedRef { a in b._withUnsafeGuaranteedRef { b in body(a, b) } }
}
