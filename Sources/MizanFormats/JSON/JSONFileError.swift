/// A JSON file that cannot be used (a floor, a sweep, an experiment, a lane):
/// which file, which field, and what was expected there.
public struct JSONFileError: Error, Hashable, Sendable, CustomStringConvertible {
    public let file: String
    /// The field's path, e.g. `tills[2].x` or `peer.steps[0].do`; empty for the file as a whole.
    public let field: String
    public let problem: String

    public init(file: String, field: String, problem: String) {
        self.file = file
        self.field = field
        self.problem = problem
    }

    public var description: String {
        field.isEmpty ? "\(file): \(problem)" : "\(file): field '\(field)': \(problem)"
    }
}
