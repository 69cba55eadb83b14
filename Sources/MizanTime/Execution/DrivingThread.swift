import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Which thread is driving one simulation (its executor and clock) right now.
///
/// A simulation is single-threaded by design: its jobs, timers and clock state
/// are touched only by the thread that runs its loop. This records that thread
/// so that the entry points can refuse a call from any other thread (a task
/// that escaped to the global executor, a second thread driving the same loop)
/// with a clear message instead of corrupting the run, and so that the
/// executor can answer isolation checks. Between runs (no owner) any one
/// thread may set the simulation up.
public final class DrivingThread: Sendable {
    /// The owner's `pthread_t` as an integer, 0 when no thread drives.
    @usableFromInline let owner = Atomic<UInt>(0)

    /// An identifier of the calling thread, unique among live threads.
    @inlinable static var currentThreadID: UInt {
        #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
        #else
        UInt(pthread_self())
        #endif
    }

    /// Makes the calling thread the driver. Returns true if it became the driver
    /// (the caller must `leave()`), false if it already was (a nested call).
    /// Stops the process if another thread is driving.
    func enter() -> Bool {
        let me = Self.currentThreadID
        let (exchanged, original) = owner.compareExchange(expected: 0, desired: me, ordering: .acquiringAndReleasing)
        if exchanged { return true }
        precondition(original == me, "MizanSim: this simulation is already being driven by another thread")
        return false
    }

    /// Ends the calling thread's turn as driver.
    func leave() {
        owner.store(0, ordering: .releasing)
    }

    /// Whether the calling thread is driving the simulation now.
    var isCurrent: Bool {
        owner.load(ordering: .relaxed) == Self.currentThreadID
    }

    /// Stops the process if a thread other than the driver enters the run
    /// synchronously (an actor of the run, from outside it) while the run is
    /// driven. Between runs, the one thread setting the run up may (a phone
    /// placed with its Bluetooth off hears so at once).
    @inlinable @inline(__always)
    public func checkDriving(_ what: @autoclosure () -> String) {
        let current = owner.load(ordering: .relaxed)
        if current != 0, current != Self.currentThreadID {
            preconditionFailure("MizanSim: \(what()) from a thread that is not driving the simulation; "
                + "synchronous entry is for code running on the run's SimulationExecutor (deliveries, timers, its jobs)")
        }
    }

    /// Stops the process if a thread other than the driver touches the
    /// simulation while it runs. A relaxed load and a compare: cheap enough
    /// for every enqueue and every timer.
    @inline(__always)
    func checkAccess(_ what: @autoclosure () -> String) {
        let current = owner.load(ordering: .relaxed)
        if current != 0, current != Self.currentThreadID {
            preconditionFailure(
                "MizanSim: \(what()) from a thread that is not driving the simulation; "
                    + "simulation code must run on its SimulationExecutor: start tasks with "
                    + "SimulationLoop.spawn or Task(executorPreference: executor) (a plain Task {} has no "
                    + "executor preference, so its continuations resume via the global executor), "
                    + "give actors the executor, and never await work elsewhere"
            )
        }
    }
}
