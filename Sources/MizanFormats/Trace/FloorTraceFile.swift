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
    /// checks the end record (`Reader`). Events already handed to `body` before
    /// a refusal are from a trace that is not whole: a caller shows nothing
    /// until `read` returns. Returns the run the end record names (nil when it
    /// names none).
    @discardableResult
    public static func read(_ path: String, _ body: (TransactionTrace.Event) -> Void) throws(InputError) -> TraceIdentity? {
        let reader = try Reader(path: path)
        while let event = try reader.next() { body(event) }
        return reader.run
    }

    /// A trace read one event at a time, in memory bounded by a line (traces
    /// grow with the run: no size limit). Refuses, naming the line: a line
    /// that is not an event, time going back, an event after the end record;
    /// and, naming the file, a trace without its end record ("incomplete
    /// trace") or whose end record counts other lines than the file has. A
    /// last line without its newline is whole when it is the end record.
    public final class Reader {
        public let path: String
        private let lines: LineReader
        private var last = Duration.zero
        private var ended: (line: Int, count: Int?, run: TraceIdentity?)?
        /// The run the end record names, once `next` has returned nil (nil when it names none).
        public private(set) var run: TraceIdentity?

        public init(path: String) throws(InputError) {
            self.path = path
            lines = try LineReader(path: path, limited: false)
        }

        /// The line last read, from 1.
        public var lineNumber: Int { lines.lineNumber }

        /// The next event; nil once the end record has been read and the trace found whole.
        public func next() throws(InputError) -> TransactionTrace.Event? {
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
                guard event.device == endDevice && event.event == endEvent else { return event }
                var run: TraceIdentity?
                if let floor = event.string("floor"), let seed = event.string("seed") {
                    guard let whole = UInt64(seed) else {
                        throw InputError(path: path, line: lines.lineNumber,
                                         "the end record's seed '\(TextLines.excerpt(seed))' is not a whole number from 0 to \(UInt64.max)")
                    }
                    run = TraceIdentity(floor: floor, seed: whole)
                }
                ended = (lines.lineNumber, event.integer("lines"), run)
            }
            // The end record is whole once it parses: a missing newline after it loses nothing.
            guard let ended else {
                throw InputError(path: path, "incomplete trace: no end record; the run was interrupted? (\(lines.lineNumber) line(s) read)")
            }
            guard ended.count == lines.lineNumber else {
                throw InputError(path: path, "the end record counts \(ended.count.map(String.init) ?? "no") lines, the file has \(lines.lineNumber): lines were lost or added")
            }
            run = ended.run
            return nil
        }
    }
}

extension TransactionTrace.Event {
    /// Field `key` as a whole number, if it is one that fits an `Int`.
    func integer(_ key: String) -> Int? {
        guard case let .number(value)? = fields.first(where: { $0.key == key })?.value else { return nil }
        return value.exactly(Int.self)
    }
}
