import MizanFormats
#if canImport(Glibc)
import Glibc
#endif

/// The paths a command writes, checked before anything is written: none
/// empty, none the same file as an input, no two the same file.
enum OutputPaths {
    /// `outputs`: (what names it, the path), e.g. ("--trace", "t.jsonl") or ("--out", "run/summary.json").
    static func check(_ command: String, outputs: [(what: String, path: String)], inputs: [String]) throws(UsageError) {
        var seen: [String: String] = [:]
        for output in outputs {
            guard !output.path.isEmpty else {
                throw UsageError("\(command): \(output.what) is an empty path; name a file or folder")
            }
            let key = canonical(output.path)
            if let input = inputs.first(where: { canonical($0) == key }) {
                throw UsageError("\(command): \(output.what) would write over the input '\(input)'; choose another path")
            }
            if let other = seen[key] {
                throw UsageError("\(command): \(output.what) and \(other) both write '\(output.path)'; give each its own path")
            }
            seen[key] = output.what
        }
    }

    /// One spelling per file: the real path of the file, or of its folder plus its name when it does not exist yet.
    static func canonical(_ path: String) -> String {
        if let real = realPath(path) { return real }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        let name = parts.last.map(String.init) ?? path
        let folder = parts.count > 1 ? parts.dropLast().joined(separator: "/") : "."
        return (realPath(folder.isEmpty ? "/" : folder) ?? folder) + "/" + name
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
