import MizanRecordings

/// `mizan import danis DIR OUT`: converts a recorded dataset to RSSI trace format v1.
enum ImportCommand {
    static let usage = """
    usage: mizan import danis DIR OUT

    Converts the Danis position-annotated BLE RSSI dataset (DIR holds tetam.dev
    and trk/*.mbd) to RSSI trace format v1 in OUT (made if missing): tills.csv,
    trace.csv, and receivers.csv (which receiver each till is). Each receiver is
    a till, numbered in tetam.dev's order; the beacon carried along each track
    is a phone named after the track. Rows with RSSI of 0 dBm or more are no
    readings: they are skipped and listed on stderr.
    """

    static func main(_ arguments: [String]) throws -> Int32 {
        var args = Arguments(command: "mizan import", arguments)
        if args.wantsHelp { print(usage); return 0 }
        guard let format = args.positional() else { throw UsageError("mizan import: which format? (danis)\n\n\(usage)") }
        guard format == "danis" else { throw UsageError("mizan import: unknown format '\(format)' (expected danis)") }
        guard let input = args.positional(), var output = args.positional() else { throw UsageError("mizan import danis: needs DIR and OUT\n\n\(usage)") }
        while output.count > 1 && output.hasSuffix("/") { output.removeLast() }
        try args.finish()
        var outputs = OutputPaths("mizan import")
        outputs.folder("OUT", output, writing: ["tills.csv", "trace.csv", "receivers.csv"])
        outputs.input(input, input + "/tetam.dev")
        try outputs.check()

        let imported = try DanisImport(directory: input)
        try outputs.make()
        try imported.write(to: output)
        for line in imported.skipped { printError("mizan import: skipped \(line)") }
        print("\(imported.trace.tills.count) tills, \(imported.trace.phones.count) tracks, \(imported.trace.rows.count) rows written to \(output) (\(imported.skipped.count) skipped)")
        return 0
    }
}
