/// A file that cannot be read or does not follow its format: names the file,
/// and the line when there is one.
public struct InputError: Error, Hashable, Sendable, CustomStringConvertible {
    public let path: String
    public let line: Int?
    public let reason: String

    public init(path: String, line: Int? = nil, _ reason: String) {
        self.path = path
        self.line = line
        self.reason = reason
    }

    public var description: String {
        if let line { "\(path):\(line): \(reason)" } else { "\(path): \(reason)" }
    }
}
