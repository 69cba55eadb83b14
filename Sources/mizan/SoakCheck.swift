import MizanProtocol
import MizanSim
import MizanRadio

/// What `mizan soak` checks of one run's books, once the floor has been let
/// run on after its end (starting nothing new) until every transaction under
/// way has ended: the agreement rule; that every started transaction reached
/// an ending on both sides; and that each ending was checked by the agreement
/// rule exactly once (nothing lost, nothing counted twice).
enum SoakCheck {
    enum Finding: Equatable, Sendable, CustomStringConvertible {
        /// A settled pair the agreement rule refused.
        case violation(till: String?, phone: String?)
        /// A till transaction or phone attempt with no ending after the run and its drain.
        case neverEnded(device: String, startedSeconds: Double)
        /// A till transaction or phone attempt that ended but was settled `times` times (not once).
        case settled(device: String, times: Int)

        /// The child's exit status for this finding: 1 as `mizan run` uses for a violation; 3 and 4 for the others.
        var exitStatus: Int32 {
            switch self {
            case .violation: 1
            case .neverEnded: 3
            case .settled: 4
            }
        }

        var description: String {
            switch self {
            case let .violation(till, phone):
                "agreement violation: \(till ?? "no till") with \(phone ?? "no phone")"
            case let .neverEnded(device, started):
                "a transaction never ended: \(device), started at \(started) s"
            case let .settled(device, times):
                "an ending settled \(times) times (once expected): \(device)"
            }
        }
    }

    /// The run's books as the check reads them: each till transaction and
    /// phone attempt (by device, when it started, whether it ended) and each
    /// settled record (which of them it pairs, whether the rule refused it).
    struct Books: Sendable {
        struct Entry: Sendable {
            var device: String
            var startedSeconds: Double
            var ended: Bool
        }

        struct Settled: Sendable {
            var host: Int?
            var attempt: Int?
            var violated: Bool
        }

        var hosts: [Entry]
        var attempts: [Entry]
        var settled: [Settled]

        init(_ ledger: TransactionLedgerSnapshot) {
            hosts = ledger.hosts.map { Entry(device: DeviceRef.till($0.till).name, startedSeconds: $0.lockedAt.seconds, ended: $0.ending != nil) }
            attempts = ledger.attempts.map { Entry(device: DeviceRef.phone($0.phone).name, startedSeconds: $0.startedAt.seconds, ended: $0.ending != nil) }
            settled = ledger.settled.map { record in
                let violated = if case .violated = record.verdict { true } else { false }
                return Settled(host: record.host, attempt: record.attempt, violated: violated)
            }
        }

        /// Runs `plan` with `seed` to its end, then lets it drain (starting nothing new, up to 600 virtual seconds).
        init(running plan: FloorPlan, seed: UInt64) throws(FrameError) {
            self.init(try Floor(plan: plan, seed: seed).run(drain: true).ledger)
        }
    }

    /// Every finding in `books`, in a fixed order: violations, then unended
    /// transactions, then endings not settled once; each in ledger order.
    static func findings(_ books: Books) -> [Finding] {
        var findings: [Finding] = []
        for record in books.settled where record.violated {
            findings.append(.violation(till: record.host.flatMap { books.hosts.indices.contains($0) ? books.hosts[$0].device : nil },
                                       phone: record.attempt.flatMap { books.attempts.indices.contains($0) ? books.attempts[$0].device : nil }))
        }
        for entry in books.hosts + books.attempts where !entry.ended {
            findings.append(.neverEnded(device: entry.device, startedSeconds: entry.startedSeconds))
        }
        var hostTimes = [Int](repeating: 0, count: books.hosts.count)
        var attemptTimes = [Int](repeating: 0, count: books.attempts.count)
        for record in books.settled {
            if let host = record.host, hostTimes.indices.contains(host) { hostTimes[host] += 1 }
            if let attempt = record.attempt, attemptTimes.indices.contains(attempt) { attemptTimes[attempt] += 1 }
        }
        for (entry, times) in Array(zip(books.hosts, hostTimes)) + Array(zip(books.attempts, attemptTimes)) where entry.ended && times != 1 {
            findings.append(.settled(device: entry.device, times: times))
        }
        return findings
    }
}
