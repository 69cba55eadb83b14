/// Paths inside the repository, found from this file's own path.
enum RepoPaths {
    static let root: String = {
        var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3) // Tests/MizanRehearsalTests/RepoPaths.swift
        return parts.joined(separator: "/")
    }()

    static var lanes: String { root + "/lanes" }
}
