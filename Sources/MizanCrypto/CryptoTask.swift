import Dispatch
import Synchronization

/// One piece of crypto (a key pair, a side's session keys) computed once, by
/// whichever thread claims it first: a `CryptoPool` worker ahead of need, or
/// the thread that asks for the value before a worker got to it (it then
/// computes it itself instead of waiting). The value is a pure function of the
/// inputs the work captured, so which thread computes it, and when, never
/// changes it: a run that takes its crypto from tasks replays byte for byte
/// with any number of workers.
///
/// Ownership: the work closure and the result are `Sendable` and live behind
/// the task's mutex; the semaphore only says "done" to a waiter. A task is
/// shared between the thread that made it, the pool's queue and at most one
/// computing thread.
public final class CryptoTask<Value: Sendable>: Sendable {
    public typealias Work = @Sendable () -> Result<Value, CryptoError>

    private enum State {
        case pending(Work)
        case running
        case done(Result<Value, CryptoError>)
    }

    private let state: Mutex<State>
    /// Signalled once the value is stored; a waiter passes the signal on.
    private let finished = DispatchSemaphore(value: 0)

    /// A task that computes `work` when first claimed.
    public init(_ work: @escaping Work) {
        state = Mutex(.pending(work))
    }

    /// Computes the value if no thread has claimed it yet; returns at once if one has.
    public func runIfPending() {
        let claimed: Work? = state.withLock { state in
            guard case let .pending(work) = state else { return nil }
            state = .running
            return work
        }
        guard let claimed else { return }
        let result = claimed()
        state.withLock { $0 = .done(result) }
        finished.signal()
    }

    /// The result if it has been computed, without waiting or computing.
    public var result: Result<Value, CryptoError>? {
        state.withLock { state in
            if case let .done(result) = state { result } else { nil }
        }
    }

    /// The value: computed on the calling thread if no thread has claimed it,
    /// else waited for.
    public func value() throws(CryptoError) -> Value {
        runIfPending()
        if let result { return try result.get() }
        finished.wait()
        finished.signal() // for any other waiter
        guard let result else { preconditionFailure("CryptoTask: signalled before its result was stored") }
        return try result.get()
    }
}

/// What a `CryptoPool` worker runs: a task of any value type.
public protocol CryptoJob: AnyObject, Sendable {
    func runIfPending()
}

extension CryptoTask: CryptoJob {}
