import MizanFormats

/// The folder `mizan run --out DIR` writes. A new run first removes what a
/// previous run left (so two runs never mix), writes each file whole (under a
/// temporary name, then renamed), and writes `run.json` last: it names the run
/// (floor, seed, overrides, build) and the files, and only a complete run has it.
enum RunFolder {
    static let marker = "run.json"
    static let files = ["transactions.jsonl", "summary.json", "summary.csv", "floor.svg", "timeline.svg", "trace.jsonl", marker]

    static func begin(_ directory: String) throws(InputError) {
        try TextFile.makeDirectory(directory)
        // The marker first: from here on the folder does not look complete.
        for name in [marker] + files.filter({ $0 != marker }) { try TextFile.remove(directory + "/" + name) }
    }

    static func finish(_ directory: String, floor: String, seed: UInt64, options: String, files: [String]) throws(InputError) {
        let json = JSONText.object([
            ("floor", JSONText.string(floor)),
            ("seed", String(seed)),
            ("overrides", JSONText.string(options.trimmingEnds(" "))),
            ("build", JSONText.string(SweepIdentity.build)),
            ("files", "[" + files.map(JSONText.string).joined(separator: ", ") + "]"),
            ("complete", "true"),
        ])
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
