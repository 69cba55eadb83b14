import MizanSim

/// `mizan merge`: joins sweep shards into what the unsharded sweep writes.
enum MergeCommand {
    static let usage = """
    usage: mizan merge [--out FILE] SHARD.jsonl...

    Joins the JSON Lines that 'mizan sweep --shard K/N' wrote into exactly what
    the unsharded sweep writes: every run once, in run order. Fails if a run is
    missing or appears twice.
    """

    static func main(_ arguments: [String]) throws -> Int32 {
        var args = Arguments(command: "mizan merge", arguments)
        if args.wantsHelp { print(usage); return 0 }
        let out = try args.value("--out")
        var paths: [String] = []
        while let path = args.positional() { paths.append(path) }
        try args.finish()
        guard !paths.isEmpty else { throw UsageError("mizan merge: give the shards' files\n\n\(usage)") }
        if let out { try OutputPaths.check("mizan merge", outputs: [("--out", out)], inputs: paths) }
        let files = try paths.map { path throws(InputError) in (path, try TextFile.read(path)) }
        let lines: [String]
        do throws(SweepMerge.Problem) { lines = try SweepMerge.merge(files) } catch {
            printError("mizan merge: \(error)")
            return 2
        }
        let text = lines.map { $0 + "\n" }.joined()
        if let out {
            try TextFile.write(text, to: out)
        } else {
            print(text, terminator: "")
        }
        return 0
    }
}
