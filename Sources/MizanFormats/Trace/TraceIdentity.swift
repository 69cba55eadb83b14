/// Which run a floor trace records: a digest of its floor (what the run was
/// given: a floor file's content and the overrides, not the file's name) and
/// its seed. The trace's end record carries both, so a reader can refuse the
/// trace of another run (`FloorTraceFile`, which reads one back with the
/// memberwise initialiser).
public struct TraceIdentity: Hashable, Sendable {
    /// 16 hex digits (`TextDigest`).
    public let floor: String
    public let seed: UInt64
}

extension TraceIdentity {
    /// The identity of a run of `floor` (a description that changes whenever the floor does) with `seed`.
    public init(describing floor: String, seed: UInt64) {
        self.init(floor: TextDigest.fnv1a(floor), seed: seed)
    }
}
