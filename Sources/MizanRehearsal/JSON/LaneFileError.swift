/// Something wrong with a lane or script file: which file, which field (a
/// path such as `peer.steps[2].frame`) and what was expected there.
public struct LaneFileError: Error, Equatable, Sendable, CustomStringConvertible {
    public let file: String
    public let field: String
    public let message: String

    public init(file: String, field: String, message: String) {
        self.file = file
        self.field = field
        self.message = message
    }

    public var description: String { field.isEmpty ? "\(file): \(message)" : "\(file): \(field): \(message)" }
}
