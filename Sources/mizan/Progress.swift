import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A progress line on stderr while a long run goes, only when stderr is a
/// terminal. Safe to call from the threads of a sweep.
final class Progress: Sendable {
    private let total: Duration
    private let enabled = isatty(2) != 0
    private let lastPercent = Mutex(-1)

    init(total: Duration) { self.total = total }

    func show(_ reached: Duration) {
        guard enabled, total > .zero else { return }
        let percent = Swift.min(100, Int(reached.seconds / total.seconds * 100))
        let changed = lastPercent.withLock { last in
            defer { last = percent }
            return last != percent
        }
        guard changed else { return }
        let filled = percent / 5
        printError("\r[" + String(repeating: "#", count: filled) + String(repeating: " ", count: 20 - filled) + "] \(percent) %", newline: false)
    }

    func finish() {
        if enabled, lastPercent.withLock({ $0 }) >= 0 { printError("\r" + String(repeating: " ", count: 30) + "\r", newline: false) }
    }
}

func printError(_ message: String, newline: Bool = true) {
    let text = newline ? message + "\n" : message
    _ = text.withCString { write(2, $0, strlen($0)) }
}
