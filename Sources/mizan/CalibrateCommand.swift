import MizanRecordings

/// `mizan calibrate`: fits the path-loss model to a recorded trace.
enum CalibrateCommand {
    static let usage = """
    usage: mizan calibrate --tills FILE --trace FILE

    Fits, by least squares, rssi = referenceRSSI + offset(till)
    - 10 * pathLossExponent * log10(distance) to a trace in RSSI trace format
    v1, with the offsets averaging zero, and prints JSON a floor file's radio
    section loads: referenceRSSI, pathLossExponent, packetSigma (the residuals'
    standard deviation) and tillOffsets [{till, offset}] (docs/calibration.md),
    which `mizan select --calibration` and `mizan twin --radio` read. A fit
    those cannot read (RSSI that does not fall with distance: an exponent of
    0 or less) is refused with the reason, exit status 2.
      --tills FILE  tills.csv (till,x,y,z)
      --trace FILE  trace.csv (t,phone,till,rssi,x,y,z)
    """

    static func main(_ arguments: [String]) throws -> Int32 {
        var args = Arguments(command: "mizan calibrate", arguments)
        if args.wantsHelp { print(usage); return 0 }
        guard let tills = try args.value("--tills") else { throw UsageError("mizan calibrate: --tills FILE is required") }
        guard let tracePath = try args.value("--trace") else { throw UsageError("mizan calibrate: --trace FILE is required") }
        try args.finish()

        let trace = try RSSITrace.read(tillsPath: tills, tracePath: tracePath)
        print(try Calibration(trace).checkedJSON())
        return 0
    }
}
