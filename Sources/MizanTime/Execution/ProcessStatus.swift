#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// This process's own figures from the kernel: on Linux, the lines of
/// `/proc/self/status` (its CPU affinity for `Cores`, its peak memory).
public enum ProcessStatus {
    /// The rest of the line of `/proc/self/status` that starts with `field` ("VmHWM:"), or nil.
    static func value(of field: String) -> Substring? {
        #if os(Linux)
        guard let file = fopen("/proc/self/status", "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 4096)
        while fgets(&buffer, Int32(buffer.count), file) != nil {
            let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if line.hasPrefix(field) { return line.dropFirst(field.count) }
        }
        #endif
        return nil
    }

    /// Peak resident memory of this process in bytes: VmHWM on Linux (`getrusage`'s
    /// ru_maxrss survives `exec`, so under `swift run` it would report the package
    /// manager's own peak), elsewhere `getrusage`.
    public static var peakMemoryBytes: Int {
        if let kib = value(of: "VmHWM:").flatMap({ Int(String($0.filter(\.isNumber))) }) { return kib * 1024 }
        var usage = rusage()
        #if os(Linux)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        return Int(usage.ru_maxrss) * 1024
    }
}
