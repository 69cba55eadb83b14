import Foundation
import MizanTestSupport

/// A small recording in RSSI trace format v1 for the commands' tests: three
/// tills in a row 3 m apart and three phones walking along it for 20 s, each
/// hearing every till twice a second with RSSI that falls with distance.
enum Recording {
    static func folder() throws -> String {
        let path = ScratchFolder.path("mizan-recording-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static let tills = "till,x,y,z\n1,0,0,1\n2,3,0,1\n3,6,0,1\n"

    static var trace: String {
        var text = "t,phone,till,rssi,x,y,z\n"
        for (phone, y) in [("a", 0.5), ("b", 1.5), ("c", 2.5)] {
            for step in 0..<40 {
                let t = Double(step) * 0.5
                let x = -1 + 8 * t / 20
                for (till, tillX) in [(1, 0.0), (2, 3.0), (3, 6.0)] {
                    let distance = ((x - tillX) * (x - tillX) + y * y + 0.04).squareRoot()
                    // A fixed wobble by step and till: the fit has residuals, and no randomness.
                    let wobble = Double((step * 7 + till * 3) % 5) - 2
                    let rssi = Int((-59 - 22 * log10(distance) + wobble).rounded())
                    text += "\(t),\(phone),\(till),\(rssi),\(x),\(y),1.2\n"
                }
            }
        }
        return text
    }

    /// A folder holding tills.csv and trace.csv; returns the folder and the two paths.
    static func write() throws -> (folder: String, tills: String, trace: String) {
        let folder = try folder()
        try tills.write(toFile: folder + "/tills.csv", atomically: true, encoding: .utf8)
        try trace.write(toFile: folder + "/trace.csv", atomically: true, encoding: .utf8)
        return (folder, folder + "/tills.csv", folder + "/trace.csv")
    }

    /// A twin radio: a floor file's radio section.
    static func radio() throws -> String {
        try RunCommandTests.file(#"{"radio": {"referenceRSSI": -59, "pathLossExponent": 2.2, "packetSigma": 4}}"#)
    }
}
