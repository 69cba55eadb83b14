import Foundation

/// A fresh directory under the system's temporary directory, removed on deinit.
final class TempDirectory {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "mizan-selection-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func write(_ name: String, _ text: String) throws -> String {
        let file = path + "/" + name
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
