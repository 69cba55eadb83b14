import MizanSim

/// A recorded trace read beside the run that should have written it (`mizan
/// replay --trace`): as the run goes, each of its events is compared with the
/// trace's next, so a trace that is not this run's is refused at its first
/// line that differs (an edited line, one moved, one of another build), in
/// memory bounded by a line. What it refuses, in this order: a trace that is
/// not whole or not a trace (`FloorTraceFile.Reader`); one whose end record
/// names another run; and its first line that is not the run's: an event
/// that differs, the end record where the run goes on, or an event past the
/// run's last.
public final class RecordedTraceCheck {
    private let reader: FloorTraceFile.Reader
    /// What was wrong with the trace itself, found while the run went.
    private var unreadable: InputError?
    /// The trace's first event that differs from the run's.
    private var difference: InputError?
    private var recorded = 0
    private var replayed = 0

    public init(path: String) throws(InputError) {
        reader = try FloorTraceFile.Reader(path: path)
    }

    /// The run's next event: the trace's next, when it is the same event (nil once one differed,
    /// the trace ran out or could not be read: `finish` says which).
    public func compare(_ event: FloorEvent) -> TransactionTrace.Event? {
        replayed += 1
        guard unreadable == nil, difference == nil else { return nil }
        do {
            guard let traced = try reader.next() else {
                difference = InputError(path: reader.path, line: reader.lineNumber,
                                        "the trace's events end at its end record here, after \(recorded), and the run goes on: its next is \(TextLines.excerpt(TraceWriter.line(event), limit: 300))")
                return nil
            }
            recorded += 1
            guard traced == TransactionTrace.Event(event) else {
                difference = InputError(path: reader.path, line: reader.lineNumber,
                                     "not this run's event (an edited trace, or one another build wrote): the run gives \(TextLines.excerpt(TraceWriter.line(event), limit: 300))")
                return nil
            }
            return traced
        } catch {
            unreadable = error
            return nil
        }
    }

    /// After the run (`run`: its floor's digest and seed): reads the rest of the trace and refuses it,
    /// if it is not this run's, as the type says.
    public func finish(run: TraceIdentity) throws(InputError) {
        if let unreadable { throw unreadable }
        // The trace's events past the run's: the first is named.
        while try reader.next() != nil {
            recorded += 1
            if difference == nil, recorded > replayed {
                difference = InputError(path: reader.path, line: reader.lineNumber,
                                        "an event the run does not give: the run ended after its \(replayed) events")
            }
        }
        try Self.check(reader.run, against: run, path: reader.path)
        if let difference { throw difference }
    }

    /// Refuses a trace that names another run than the replay's, or none.
    static func check(_ traced: TraceIdentity?, against run: TraceIdentity, path: String) throws(InputError) {
        guard let traced else {
            throw InputError(path: path, "the trace does not name its floor and seed (its end record has no \"floor\" and \"seed\"): record it again with this mizan (mizan run --trace)")
        }
        guard traced.seed == run.seed else {
            throw InputError(path: path, "not the trace of this run: it is of seed \(traced.seed), and this replay runs seed \(run.seed); give --seed \(traced.seed)")
        }
        guard traced.floor == run.floor else {
            throw InputError(path: path, "not the trace of this run: it is of another floor (digest \(traced.floor); this replay's floor and overrides give \(run.floor)); give the floor file and overrides of the run that wrote it")
        }
    }
}
