#if canImport(Glibc)
import Glibc
#endif

/// Peak resident memory of this process in bytes. On Linux it reads VmHWM from
/// /proc/self/status: `getrusage`'s ru_maxrss survives `exec`, so under
/// `swift run` it would report the package manager's own peak instead.
/// Elsewhere it falls back to `getrusage`.
func peakMemoryBytes() -> Int {
    if let file = fopen("/proc/self/status", "r") {
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.hasPrefix("VmHWM:") {
                let kib = text.dropFirst(6).filter { $0.isNumber }
                if let value = Int(kib) { return value * 1024 }
            }
        }
    }
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return Int(usage.ru_maxrss) * 1024
}
