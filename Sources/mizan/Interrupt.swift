import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C (SIGINT) and SIGTERM ask long work to stop at its next clean point
/// (`run`: within about a thousand of its events, `Floor.run(stopping:)`; `sweep`: once the runs under way end),
/// keep what is done, say it is incomplete and exit with 128 + the signal (130
/// for Ctrl-C, 143 for SIGTERM), as a shell reports a signalled command. A
/// second signal ends the process at once.
enum Interrupt {
    /// The signal that asked to stop, 0 for none.
    static let received = Atomic<Int32>(0)

    /// Handles SIGINT and SIGTERM from now on.
    static func install() {
        for number in [SIGINT, SIGTERM] {
            signal(number) { number in
                // Only what is safe in a signal handler: an atomic exchange, and _exit.
                if Interrupt.received.exchange(number, ordering: .relaxed) != 0 { _exit(128 + number) }
            }
        }
    }

    static var requested: Bool { received.load(ordering: .relaxed) != 0 }

    /// The exit status of work a signal stopped: 128 + the signal's number.
    static var status: Int32 { 128 + received.load(ordering: .relaxed) }

    /// The signal's name, for messages.
    static var name: String { received.load(ordering: .relaxed) == SIGTERM ? "SIGTERM" : "Ctrl-C (SIGINT)" }
}
