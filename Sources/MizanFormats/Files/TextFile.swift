#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole text files in and out, with errors that name the path.
public enum TextFile {
    /// The largest input read, in bytes, unless the environment variable
    /// `MIZAN_INPUT_LIMIT` gives another (a whole number of bytes): 64 MiB.
    public static let defaultInputLimit = 64 << 20
    public static let inputLimitVariable = "MIZAN_INPUT_LIMIT"

    /// The input limit in force: `MIZAN_INPUT_LIMIT` when set, else the default.
    /// `nil` when the variable is set but not a whole number from 1 to `largestInputLimit`.
    public static var inputLimit: Int? {
        inputLimit(getenv(inputLimitVariable).map { String(cString: $0) })
    }

    /// The input limit `text` sets (`MIZAN_INPUT_LIMIT`, nil when unset: the default), nil when it is
    /// not a whole number from 1 to `largestInputLimit`.
    static func inputLimit(_ text: String?) -> Int? {
        guard let text else { return defaultInputLimit }
        return Int(text).flatMap { $0 >= 1 && $0 <= largestInputLimit ? $0 : nil }
    }

    /// The largest input limit: a quarter of the memory the process may use (a file is read into
    /// memory, then checked as text beside it, so that reading a device such as /dev/zero up to
    /// the limit ends in a refusal, not an allocation failure), and never under the default.
    public static let largestInputLimit = Swift.max(usableMemory / 4, defaultInputLimit)

    /// The memory the process may use, bytes: the machine's, or its control group's limit where
    /// that is less (a container's); 0 where neither is known.
    static var usableMemory: Int {
        let pages = sysconf(Int32(_SC_PHYS_PAGES)), size = sysconf(Int32(_SC_PAGESIZE))
        var memory = pages > 0 && size > 0 && pages <= Int.max / size ? pages * size : 0
        // cgroup v2, then v1 ("max", or a number past the machine's, where there is no limit).
        for file in ["/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"] {
            guard let handle = fopen(file, "r") else { continue }
            defer { fclose(handle) }
            var line = [CChar](repeating: 0, count: 64)
            guard fgets(&line, Int32(line.count), handle) != nil,
                  // Its digits ("max" has none: no limit).
                  let limit = Int(String(decoding: line.map { UInt8(bitPattern: $0) }.prefix { $0 >= 0x30 && $0 <= 0x39 }, as: UTF8.self)),
                  limit > 0 else { continue }
            memory = memory > 0 ? Swift.min(memory, limit) : limit
            break
        }
        return memory
    }

    /// The input limit in force, or the error for a malformed `MIZAN_INPUT_LIMIT` while reading `path`.
    public static func checkedInputLimit(reading path: String) throws(InputError) -> Int {
        guard let limit = inputLimit else { throw badLimit(reading: path) }
        return limit
    }

    private static func badLimit(reading path: String) -> InputError {
        InputError(path: path, "\(inputLimitVariable) must be a whole number of bytes from 1 to \(largestInputLimit) (a quarter of the memory this process may use, at least the default), got '\(getenv(inputLimitVariable).map { String(cString: $0) } ?? "")'")
    }

    /// Reads the whole file, refusing one over `limit` bytes (a device such as
    /// /dev/zero never ends): the error names the limit and how to raise it.
    public static func read(_ path: String, limit: Int? = inputLimit) throws(InputError) -> String {
        guard let limit else { throw badLimit(reading: path) }
        guard let handle = fopen(path, "rb") else { throw InputError(path: path, String(cString: strerror(errno))) }
        defer { fclose(handle) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var failure: Int32 = 0
        while true {
            let count = fread(&buffer, 1, buffer.count, handle)
            if count > 0 { bytes.append(contentsOf: buffer[0..<count]) }
            if bytes.count > limit {
                throw InputError(path: path, "larger than the input limit of \(limit) bytes (set \(inputLimitVariable) to a larger number of bytes to read it)")
            }
            if count < buffer.count { failure = errno; break }
        }
        // The reason the system gives (a folder: "Is a directory").
        if ferror(handle) != 0 { throw InputError(path: path, failure != 0 ? String(cString: strerror(failure)) : "read failed") }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw InputError(path: path, "not UTF-8 text") }
        return text
    }

    /// Writes the whole file under a temporary name in the same folder, then
    /// renames it into place: a reader never sees half a file, and an
    /// interrupted write leaves the old file (or none) and a `.partial` file.
    public static func write(_ text: String, to path: String) throws(InputError) {
        try write(bytes: Array(text.utf8), to: path)
    }

    /// Writes `bytes` to `path` as `write(_:to:)` writes text: whole, or not at all.
    public static func write(bytes: [UInt8], to path: String) throws(InputError) {
        guard !path.isEmpty else { throw InputError(path: path, "an empty output path") }
        let temporary = partialPath(for: path)
        guard let handle = fopen(temporary, "wb") else { throw InputError(path: path, String(cString: strerror(errno))) }
        let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, handle) }
        let failed = written != bytes.count || ferror(handle) != 0
        if fclose(handle) != 0 || failed {
            unlink(temporary)
            throw InputError(path: path, "write failed")
        }
        try commit(temporary, to: path)
    }

    /// Where a file being written to `path` lives until it is complete: the same folder, `.NAME.partial`.
    public static func partialPath(for path: String) -> String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        let name = parts.last.map(String.init) ?? path
        let folder = parts.dropLast().joined(separator: "/")
        return (parts.count > 1 ? folder + "/" : "") + "." + name + ".partial"
    }

    /// Renames a complete temporary file into place.
    public static func commit(_ temporary: String, to path: String) throws(InputError) {
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw InputError(path: path, reason)
        }
    }

    /// Whether something is at `path`.
    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// Removes the file if it is there.
    public static func remove(_ path: String) throws(InputError) {
        if unlink(path) != 0 && errno != ENOENT { throw InputError(path: path, String(cString: strerror(errno))) }
    }

    /// Makes the directory and any missing parents, unless they exist.
    public static func makeDirectory(_ path: String) throws(InputError) {
        var partial = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            partial += component + "/"
            if mkdir(partial, 0o755) != 0 && errno != EEXIST { throw InputError(path: path, String(cString: strerror(errno))) }
        }
    }

    /// The names in a directory, sorted.
    public static func list(_ path: String) throws(InputError) -> [String] {
        guard let directory = opendir(path) else { throw InputError(path: path, String(cString: strerror(errno))) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) } }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}
