import Synchronization
import MizanFormats
#if canImport(Glibc)
import Glibc
#endif

/// Progress on stderr while a long run goes: on a terminal a bar redrawn in
/// place; otherwise (a log, a batch job) a line once the work has taken 10 s,
/// at most every 10 s. Safe to call from the threads of a sweep. Only the
/// person watching sees it: nothing a run writes depends on it.
final class Progress: Sendable {
    private let total: Duration
    private let terminal = isatty(2) != 0
    private let lastPercent = Mutex(-1)
    private let clock = ContinuousClock()
    private let started: ContinuousClock.Instant
    private let lastLine: Mutex<ContinuousClock.Instant?> = Mutex(nil)
    /// Lines in a log start after this long, and come at most this often.
    static let logEvery = Duration.seconds(10)

    init(total: Duration) {
        self.total = total
        started = clock.now
    }

    func show(_ reached: Duration) {
        guard total > .zero else { return }
        let percent = Swift.min(100, Int(reached.seconds / total.seconds * 100))
        let changed = lastPercent.withLock { last in
            defer { last = percent }
            return last != percent
        }
        guard changed else { return }
        guard terminal else {
            let now = clock.now
            guard now - started >= Self.logEvery else { return }
            let due = lastLine.withLock { last in
                guard last.map({ now - $0 >= Self.logEvery }) ?? true else { return false }
                last = now
                return true
            }
            let elapsed = (now - started).seconds
            let left = percent > 0 ? ", about \(Int((elapsed * Double(100 - percent) / Double(percent)).rounded())) s to go" : ""
            if due { printError("progress: \(percent) % done after \(Int(elapsed)) s\(left)") }
            return
        }
        let filled = percent / 5
        writeError("\r[" + String(repeating: "#", count: filled) + String(repeating: " ", count: 20 - filled) + "] \(percent) %")
    }

    func finish() {
        if terminal, lastPercent.withLock({ $0 }) >= 0 { writeError("\r" + String(repeating: " ", count: 30) + "\r") }
    }
}

/// Writes `message` and a newline to stderr, any control character but a newline or a tab
/// as its escape: text from an input never drives the terminal.
func printError(_ message: String) {
    writeError(TextLines.escapingControls(message + "\n", keeping: ["\n", "\t"]))
}

/// Writes `text` to stderr as it is (the progress bar's own carriage returns).
private func writeError(_ text: String) {
    _ = text.withCString { write(2, $0, strlen($0)) }
}
