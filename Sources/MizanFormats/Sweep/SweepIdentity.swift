/// What every line of a sweep carries so that `mizan merge` joins only the
/// lines of one sweep run by one build: the sweep's digest and the build.
public enum SweepIdentity {
    /// The build that ran a sweep: the package's version, its configuration
    /// and `sources`, the digest of the sources it was built from (the
    /// command line's `Build`, made at build time: one tree gives one digest,
    /// with or without git, linked statically or not).
    public static func build(sources: String) -> String {
        #if DEBUG
        "mizan-floor 0.1 debug sources " + sources
        #else
        "mizan-floor 0.1 release sources " + sources
        #endif
    }

    /// A digest of the sweep as read, whatever its file is called: the floor
    /// (a floor file's content, not its path), the grid, the first seed and the
    /// number of seeds. FNV-1a, 64 bits, as 16 hex digits: it tells sweeps
    /// apart; it is no defence against a forger.
    public static func digest(_ plan: SweepPlan) -> String {
        var text = "floor " + JSON(plan.floor).compact + "\n"
        for axis in plan.axes {
            text += "axis " + JSON.string(axis.field).compact + " " + axis.values.map { JSON($0).compact }.joined(separator: ",") + "\n"
        }
        text += "seeds \(plan.firstSeed) \(plan.seeds)\n"
        return TextDigest.fnv1a(text)
    }
}
