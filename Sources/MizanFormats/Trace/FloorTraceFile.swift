import MizanSim
import MizanTime

/// Reading a floor trace (`mizan run --trace`, `trace.jsonl`) as it streams
/// in: one event at a time, in memory bounded by a line, then a check that the
/// trace is whole. `mizan run` ends every trace with an end record,
/// `{"t":…,"device":"floor","event":"end of trace","lines":N,"floor":"…","seed":"…"}`,
/// N counting every line including itself (a trace without it was cut off),
/// then the run's `TraceIdentity`: the floor's digest, and the seed as a
/// decimal string (a JSON number is exact only to 2^53, a seed to 2^64 - 1).
public enum FloorTraceFile {
    public static let endDevice = FloorEvent.floorDevice
    public static let endEvent = "end of trace"
    /// Event times, microseconds: from 0 to 10^15 (about 31 years of virtual time).
    public static let microsecondBounds = 0.0...1e15

    /// Writes the end record to `writer` at `time`: the trace's last line,
    /// counting every line written, this one too, and naming the run.
    public static func end(_ writer: TraceWriter, at time: Duration, run: TraceIdentity) {
        writer.write(FloorEvent(at: time, .endOfTrace(lines: writer.lines + 1)),
                     appending: [("floor", .string(run.floor)), ("seed", .string(String(run.seed)))])
    }

    /// Hands each event of the trace at `path` to `body`, in file order, then
    /// checks the end record. Refuses, naming the line: a line that is not an
    /// event, time going back, an event after the end record; and, naming the
    /// file, a trace without its end record ("incomplete trace") or whose end
    /// record counts other lines than the file has. Events already handed to
    /// `body` before a refusal are from a trace that is not whole: a caller
    /// shows nothing until `read` returns. A last line without its newline is
    /// whole when it is the end record. Returns the run the end record names
    /// (nil when it names none).
    @discardableResult
    public static func read(_ path: String, _ body: (TransactionTrace.Event) -> Void) throws(InputError) -> TraceIdentity? {
        // Traces grow with the run: no size limit, memory stays bounded by a line.
        let lines = try LineReader(path: path, limited: false)
        var last = Duration.zero
        var ended: (line: Int, count: Int?, run: TraceIdentity?)?
        while let line = try lines.next() {
            if let ended {
                throw InputError(path: path, line: lines.lineNumber, "an event after the end record on line \(ended.line)")
            }
            guard let event = TransactionTrace.Event(line) else {
                throw InputError(path: path, line: lines.lineNumber,
                                 "not a trace event (a JSON object with t, whole microseconds from 0 to 10^15, device and event): '\(TextLines.excerpt(line))'")
            }
            guard event.time >= last else {
                throw InputError(path: path, line: lines.lineNumber, "t goes back in time (\(event.time.wholeMicroseconds) after \((last).wholeMicroseconds))")
            }
            last = event.time
            if event.device == endDevice && event.event == endEvent {
                let run = event.string("floor").flatMap { floor in event.string("seed").flatMap(UInt64.init).map { TraceIdentity(floor: floor, seed: $0) } }
                ended = (lines.lineNumber, event.integer("lines"), run)
            } else {
                body(event)
            }
        }
        // The end record is whole once it parses: a missing newline after it loses nothing.
        guard let ended else {
            throw InputError(path: path, "incomplete trace: no end record; the run was interrupted? (\(lines.lineNumber) line(s) read)")
        }
        guard ended.count == lines.lineNumber else {
            throw InputError(path: path, "the end record counts \(ended.count.map(String.init) ?? "no") lines, the file has \(lines.lineNumber): lines were lost or added")
        }
        return ended.run
    }
}

extension TransactionTrace.Event {
    /// Field `key` as a whole number, if it is one that fits an `Int`.
    func integer(_ key: String) -> Int? {
        guard case let .number(value)? = fields.first(where: { $0.key == key })?.value else { return nil }
        return value.exactly(Int.self)
    }
}
