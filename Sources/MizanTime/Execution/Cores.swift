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
        #if os(Linux)
        guard let file = fopen("/proc/self/status", "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 4096)
        while fgets(&buffer, Int32(buffer.count), file) != nil {
            let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard line.hasPrefix("Cpus_allowed:") else { continue }
            return count(mask: line.dropFirst("Cpus_allowed:".count))
        }
        #endif
        return nil
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
