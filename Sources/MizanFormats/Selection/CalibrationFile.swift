import MizanSelection
import MizanProtocol

/// Reads what `mizan calibrate` writes (`docs/calibration.md`) as the
/// calibration a position-based strategy takes. Strict: every field is
/// required, an unknown field or an out-of-range value is an error naming the
/// file and the field.
public enum CalibrationFile {
    public static func read(path: String) throws(JSONFileError) -> TillCalibration {
        try read(JSONObjectReader(JSONObjectReader.load(path: path), file: path))
    }

    public static func read(_ fields: JSONObjectReader) throws(JSONFileError) -> TillCalibration {
        let reference = try fields.number("referenceRSSI", in: -150...0)
        let exponent = try fields.number("pathLossExponent", in: 0.1...10)
        let sigma = try fields.number("packetSigma", in: 0.01...50)
        let height = try fields.number("phoneHeight", in: 0...10)
        // The floor-file radio section names its advertising model; a calibration is the simple model's.
        _ = try fields.optionalChoice("advertising", [(name: "simple", value: true)])
        var offsets: [TillCalibration.Offset] = []
        var tills = Set<TillID>()
        for entry in try fields.objects("tillOffsets") {
            let till = TillID(try entry.integer("till", in: UInt32.min...UInt32.max))
            let offset = try entry.number("offset", in: -60...60)
            try entry.finish()
            // A set, not a search of the offsets so far: linear in the file's length.
            guard tills.insert(till).inserted else { throw entry.error("till", "till \(till.rawValue) appears twice") }
            offsets.append(TillCalibration.Offset(till: till, offset: offset))
        }
        try fields.finish()
        return TillCalibration(referenceRSSI: reference, pathLossExponent: exponent, packetSigma: sigma, offsets: offsets, phoneHeight: height)
    }

    /// Refuses offsets for tills that `tillsPath` does not have: such a
    /// calibration is of other tills, and its offsets would be dropped unused.
    public static func checkTills(_ offsets: [TillID], calibration path: String, known: Set<TillID>, tillsPath: String) throws(InputError) {
        if let unknown = offsets.filter({ !known.contains($0) }).min() {
            throw InputError(path: path, "tillOffsets gives till \(unknown.rawValue), which is not in \(tillsPath): a calibration of other tills; calibrate on a trace of these tills")
        }
    }
}
