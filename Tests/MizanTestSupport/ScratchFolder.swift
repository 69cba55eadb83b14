import Foundation

/// One folder per test process under the system's temporary directory, for the
/// files and folders the tests write; it and all in it are removed when the
/// process exits, so a run of the tests leaves nothing behind.
public enum ScratchFolder {
    /// The folder, made on first use.
    public static let root: String = {
        let path = NSTemporaryDirectory() + "mizan-tests-\(getpid())-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: ScratchFolder.root) }
        return path
    }()

    /// The path of `name` in the folder; nothing is made there.
    public static func path(_ name: String) -> String { root + "/" + name }
}
