import MizanFormats
#if canImport(Glibc)
import Glibc
#endif

/// The folder `mizan run --out DIR` writes. It holds nothing but a run's
/// files (a folder holding anything else is refused). A run writes them into
/// a folder of its own beside DIR (`staging`, `.DIR.partial`), each file
/// whole, `run.json` last (it names the run: floor, seed, overrides, build,
/// and every other file); then the earlier run's files leave DIR and the new
/// folder takes its place (`swap`). A run killed part way leaves DIR as the
/// earlier run left it, whole, and its own folder beside it, which the next
/// run clears.
enum RunFolder {
    static let marker = "run.json"
    /// Every name a run may write, the marker first: it is removed first, so from then on the folder does not look complete.
    static let files = [marker, "transactions.jsonl", "summary.json", "summary.csv", "floor.svg", "secure-link.svg", "timeline.svg", "trace.jsonl", "trace.perfetto.json", "report.html", "air.pcapng"]

    /// How errors name the folder beside --out that a run is written in first.
    static let stagingRole = "--out (whose run is written beside it first)"

    /// The run folder as an output of `paths`.
    static func declare(_ directory: String?, as what: String = "--out", in paths: inout OutputPaths) {
        paths.folder(what, directory, writing: files, owned: true)
    }

    /// Makes the folder ready for a new run (see `OutputPaths`).
    static func begin(_ directory: String) throws {
        var paths = OutputPaths("mizan run")
        declare(directory, in: &paths)
        try paths.prepare()
    }

    /// Where a run writes DIR's files until they are all there: `.DIR.partial` beside DIR.
    static func staging(for directory: String) -> String {
        var trimmed = directory
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        return TextFile.partialPath(for: trimmed)
    }

    /// Puts the staged run in DIR's place: the earlier run's files leave DIR (nothing else is
    /// there: the run checked it when it began), DIR goes, and the staged folder is renamed DIR.
    static func swap(_ staged: String, into directory: String) throws(InputError) {
        if TextFile.exists(directory) {
            for name in files {
                try TextFile.remove(directory + "/" + name)
                try TextFile.remove(TextFile.partialPath(for: directory + "/" + name))
            }
            guard rmdir(directory) == 0 else {
                throw InputError(path: directory, "cannot replace it with the new run (\(String(cString: strerror(errno)))): the new run is whole in \(staged)")
            }
        }
        guard rename(staged, directory) == 0 else {
            throw InputError(path: directory, "cannot move the new run here (\(String(cString: strerror(errno)))): it is whole in \(staged)")
        }
    }

    /// Writes `run.json`; `stoppedAt` (virtual seconds) for a run a signal stopped early: it is
    /// then not complete, and says how far it got.
    static func finish(_ directory: String, floor: String, seed: UInt64, options: String, files: [String],
                       stoppedAt: Double? = nil) throws(InputError) {
        var fields: [(key: String, value: JSON)] = [
            ("floor", .string(floor)),
            ("seed", .unsigned(seed)),
            ("overrides", .string(options.trimmingEnds(" "))),
            ("build", .string(Build.identity)),
            ("files", .array(files.map(JSON.string))),
            ("complete", .bool(stoppedAt == nil)),
        ]
        if let stoppedAt { fields.append(("stoppedAtVirtualSeconds", .fixed(stoppedAt, digits: 3))) }
        let json = JSON.object(fields).spaced
        try TextFile.write(json + "\n", to: directory + "/" + marker)
    }
}

private extension String {
    func trimmingEnds(_ character: Character) -> String {
        var text = Substring(self)
        while text.first == character { text.removeFirst() }
        while text.last == character { text.removeLast() }
        return String(text)
    }
}
