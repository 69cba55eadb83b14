import MizanProtocol
import MizanSim
import MizanFormats

extension TwinRadio {
    /// Reads a radio for the twin from JSON: `mizan calibrate`'s output, read
    /// by the reader `mizan select --calibration` uses (`CalibrationFile`: its
    /// fields, ranges and strictness; the phone height it gives is the
    /// position strategies', and the twin's phones stay at their recorded
    /// heights), or a floor file, whose `radio` section gives the first three
    /// fields (its other radio fields are the floor's, not the twin's, and the
    /// tills get no offsets). See `TwinRadio.from`. A file of a `radio` alone has those three
    /// fields and nothing else; a floor file is read whole, as `mizan run` reads it, so that a
    /// field misspelt anywhere is an error, not a default.
    public static func read(path: String) throws(JSONFileError) -> TwinRadio {
        let json = try JSONObjectReader.load(path: path)
        let top = try JSONObjectReader(json, file: path)
        if let radio = try top.optionalObject("radio") {
            let twin = from(referenceRSSI: try radio.number("referenceRSSI", in: -150...0),
                            pathLossExponent: try radio.number("pathLossExponent", in: 0.5...6),
                            packetSigma: try radio.number("packetSigma", in: 0...30), offsets: [:])
            if top.has("tills") {
                _ = try FloorFile.read(json, file: path)
            } else {
                // A floor file's radio section as it stands: `packetSigma` belongs to the simple advertising.
                _ = try radio.optionalChoice("advertising", [("simple", ())])
                try radio.finish()
                try top.finish()
            }
            return twin
        }
        let calibration = try CalibrationFile.read(top)
        var offsets: [TillID: Double] = [:]
        for entry in calibration.offsets { offsets[entry.till] = entry.offset }
        return from(referenceRSSI: calibration.referenceRSSI, pathLossExponent: calibration.pathLossExponent,
                    packetSigma: calibration.packetSigma, offsets: offsets)
    }
}
