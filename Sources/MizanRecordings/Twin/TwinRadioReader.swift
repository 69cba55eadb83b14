import MizanProtocol
import MizanSim
import MizanFormats

extension TwinRadio {
    /// Reads a radio for the twin from JSON: `mizan calibrate`'s output
    /// (`referenceRSSI`, `pathLossExponent`, `packetSigma`, `tillOffsets`
    /// [{till, offset}], nothing else), or a floor file, whose `radio` section
    /// gives the first three (its other radio fields are the floor's, not the
    /// twin's, and the tills get no offsets). See `TwinRadio.from`.
    public static func read(path: String) throws(JSONFileError) -> TwinRadio {
        let top = try JSONObjectReader(JSONObjectReader.load(path: path), file: path)
        if let radio = try top.optionalObject("radio") {
            return from(referenceRSSI: try radio.number("referenceRSSI", in: -150...0),
                        pathLossExponent: try radio.number("pathLossExponent", in: 0.5...6),
                        packetSigma: try radio.number("packetSigma", in: 0...30), offsets: [:])
        }
        let reference = try top.number("referenceRSSI", in: -150...0)
        let exponent = try top.number("pathLossExponent", in: 0.5...6)
        let sigma = try top.number("packetSigma", in: 0...30)
        var offsets: [TillID: Double] = [:]
        for entry in try top.optionalObjects("tillOffsets") ?? [] {
            let till = TillID(try entry.integer("till", in: UInt32.min...UInt32.max))
            if offsets[till] != nil { throw entry.error("till", "till \(till.rawValue) appears twice") }
            offsets[till] = try entry.number("offset", in: -60...60)
            try entry.finish()
        }
        // `mizan calibrate` names the advertising model its packetSigma belongs to.
        _ = try top.optionalChoice("advertising", [(name: "simple", value: true)])
        try top.finish()
        return from(referenceRSSI: reference, pathLossExponent: exponent, packetSigma: sigma, offsets: offsets)
    }
}
