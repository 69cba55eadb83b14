#if canImport(Glibc)
import Glibc
#endif

/// A progress line on stderr while a long run goes, only when stderr is a terminal.
final class Progress {
    private let total: Duration
    private let enabled = isatty(2) != 0
    private var lastPercent = -1

    init(total: Duration) { self.total = total }

    func show(_ reached: Duration) {
        guard enabled, total > .zero else { return }
        let percent = Int(reached.seconds / total.seconds * 100)
        guard percent != lastPercent else { return }
        lastPercent = percent
        let filled = percent / 5
        printError("\r[" + String(repeating: "#", count: filled) + String(repeating: " ", count: 20 - filled) + "] \(percent) %", newline: false)
    }

    func finish() {
        if enabled, lastPercent >= 0 { printError("\r" + String(repeating: " ", count: 30) + "\r", newline: false) }
    }
}

func printError(_ message: String, newline: Bool = true) {
    let text = newline ? message + "\n" : message
    _ = text.withCString { write(2, $0, strlen($0)) }
}
