import MizanFormats

/// The folder `mizan run --out DIR` writes. It holds nothing but a run's
/// files: a new run first removes what a previous run left (so two runs never
/// mix; a folder holding anything else is refused), writes each file whole
/// (under a temporary name, then renamed), and writes `run.json` last: it
/// names the run (floor, seed, overrides, build) and every other file in the
/// folder, and only a complete run has it.
enum RunFolder {
    static let marker = "run.json"
    /// Every name a run may write, the marker first: it is removed first, so from then on the folder does not look complete.
    static let files = [marker, "transactions.jsonl", "summary.json", "summary.csv", "floor.svg", "secure-link.svg", "timeline.svg", "trace.jsonl", "trace.perfetto.json", "report.html"]

    /// The run folder as an output of `paths`.
    static func declare(_ directory: String?, in paths: inout OutputPaths) {
        paths.folder("--out", directory, writing: files, owned: true)
    }

    /// Makes the folder ready for a new run (see `OutputPaths`).
    static func begin(_ directory: String) throws {
        var paths = OutputPaths("mizan run")
        declare(directory, in: &paths)
        try paths.prepare()
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
