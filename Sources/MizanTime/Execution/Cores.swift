#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The cores this process may run on: what `--jobs` defaults to. On Linux
/// that is the process's CPU affinity (`taskset`, a Slurm task's allocation,
/// a container's cpuset: `Cpus_allowed` in `/proc/self/status`), not the
/// machine's count; elsewhere, or if that cannot be read, the cores online.
public enum Cores {
    public static var available: Int {
        allowed() ?? Swift.max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    /// The number of CPUs in this process's affinity mask, or nil.
    static func allowed() -> Int? {
        ProcessStatus.value(of: "Cpus_allowed:").flatMap(count(mask:))
    }

    /// The set bits of a mask written as comma-separated hex words ("ff,00000003").
    static func count(mask: Substring) -> Int? {
        var bits = 0
        for character in mask where !character.isWhitespace && character != "," {
            guard let digit = character.hexDigitValue else { return nil }
            bits += digit.nonzeroBitCount
        }
        return bits > 0 ? bits : nil
    }
}
