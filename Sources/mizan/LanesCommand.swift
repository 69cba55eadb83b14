import MizanRehearsal
import MizanFormats

/// `mizan lanes`: runs the rehearsal lanes and prints how each ended.
enum LanesCommand {
    static let usage = """
    usage: mizan lanes [--json] [--lane NAME] [--transcript DIR] [--dir DIR]

    Runs every rehearsal lane (the real machines of one side against a scripted
    other side, docs/scripted-peer.md) and prints, per lane, both screens,
    whether money moved, the log audit and whether the lane passed. Exits 1 if
    any lane fails.
      --json            print the results as JSON instead of a table
      --lane NAME       run only this lane (its file name, with or without .json)
      --transcript DIR  write DIR/<lane>.json per lane: the frames exchanged and
                        both sides' ephemeral secret keys (docs/transcript-format.md)
      --dir DIR         where the lane files are (default: lanes)
    """

    static func main(_ arguments: [String]) throws -> Int32 {
        var args = Arguments(command: "mizan lanes", arguments)
        if args.wantsHelp { print(usage); return 0 }
        let json = try args.flag("--json")
        let only = try args.value("--lane")
        let transcripts = try args.folder("--transcript")
        let directory = try args.folder("--dir") ?? "lanes"
        try args.finish()
        var outputs = OutputPaths("mizan lanes")
        outputs.folder("--transcript", transcripts, writing: [])
        outputs.input(directory)
        try outputs.check()

        let lanes = try LaneRunner.load(directory: directory, only: only)
        guard !lanes.isEmpty else { throw InputError(path: directory, "no lanes found (no lane files, *.json, in this folder)") }
        outputs = OutputPaths("mizan lanes")
        outputs.folder("--transcript", transcripts, writing: lanes.map { $0.name + ".json" })
        outputs.input(directory)
        try outputs.prepare()
        var results: [LaneResult] = []
        for lane in lanes {
            let result = LaneRunner.run(lane)
            results.append(result)
            if let transcripts { try TextFile.write(LaneTranscript.render(result), to: transcripts + "/" + lane.name + ".json") }
        }
        print(json ? LanesText.json(results) : LanesText.table(results))
        return results.allSatisfy(\.passed) ? 0 : 1
    }
}
