import MizanFormats

/// `mizan merge`: joins sweep shards into what the unsharded sweep writes.
enum MergeCommand {
    static let usage = """
    usage: mizan merge [--out FILE] SHARD.jsonl...

    Joins the JSON Lines that 'mizan sweep --shard K/N' wrote into exactly what
    the unsharded sweep writes: every run once, in run order. Fails if a run is
    missing or appears twice. With --out FILE.jsonl, also FILE.html: each
    metric against each swept field, with 95 % intervals over the seeds.
    """

    /// What a command line asks of `mizan merge`, checked by its own rules.
    struct Options {
        var paths: [String]
        var out: String?
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var args = Arguments(command: "mizan merge", arguments)
        let out = try args.value("--out")
        var paths: [String] = []
        while let path = args.positional() { paths.append(path) }
        try args.finish()
        guard !paths.isEmpty else { throw UsageError("mizan merge: give the shards' files\n\n\(usage)") }
        if let out { try outputs(out, paths).check() }
        return Options(paths: paths, out: out)
    }

    static func outputs(_ out: String, _ paths: [String]) -> OutputPaths {
        var outputs = OutputPaths("mizan merge")
        outputs.file("--out", out)
        outputs.file("--out (its report)", SweepReport.path(beside: out))
        outputs.inputs(paths)
        return outputs
    }

    static func main(_ arguments: [String]) throws -> Int32 {
        if Arguments(command: "mizan merge", arguments).wantsHelp { print(usage); return 0 }
        let options = try parse(arguments)
        let (paths, out) = (options.paths, options.out)
        let files = try paths.map { path throws(InputError) in (path, try TextFile.read(path)) }
        let lines: [String]
        do throws(SweepMerge.Problem) { lines = try SweepMerge.merge(files) } catch {
            printError("mizan merge: \(error)")
            return 2
        }
        let text = lines.map { $0 + "\n" }.joined()
        if let out {
            try outputs(out, paths).prepare()
            try TextFile.write(text, to: out)
            var report = SweepReport(title: "merged sweep")
            for line in lines { report.add(line: line) }
            try TextFile.write(report.html, to: SweepReport.path(beside: out))
        } else {
            print(text, terminator: "")
        }
        return 0
    }
}
