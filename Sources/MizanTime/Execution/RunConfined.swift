/// A value that belongs to one run: it may be used only on the thread that
/// drives the run (or, between runs, the one thread setting it up). It carries
/// a run's non-`Sendable` wiring (a driver with its radio and clock, the floor
/// that persons act on) into the run's actors and person tasks, which all run
/// on that same thread. Every read checks it (a relaxed atomic load and a
/// compare, as `SimulationExecutor.enqueue` does) and stops the process with
/// a message if another thread reads it while the run is driven.
///
/// `@unchecked Sendable` for that reason: the check, not the compiler, keeps
/// the value on its run's thread. It is not for device state: tills and phones
/// keep theirs inside their actors.
public final class RunConfined<Value>: @unchecked Sendable {
    private let wrapped: Value
    private let drivingThread: DrivingThread

    /// `value`, confined to the run driven by `executor`.
    public init(_ value: Value, to executor: SimulationExecutor) {
        wrapped = value
        drivingThread = executor.drivingThread
    }

    /// The value; stops the process if another thread drives the run.
    public var value: Value {
        drivingThread.checkAccess("a value confined to a simulation run was read")
        return wrapped
    }
}
