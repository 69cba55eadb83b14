#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole text files in and out, with errors that name the path.
public enum TextFile {
    public static func read(_ path: String) throws(InputError) -> String {
        guard let handle = fopen(path, "rb") else { throw InputError(path: path, String(cString: strerror(errno))) }
        defer { fclose(handle) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = fread(&buffer, 1, buffer.count, handle)
            if count > 0 { bytes.append(contentsOf: buffer[0..<count]) }
            if count < buffer.count { break }
        }
        if ferror(handle) != 0 { throw InputError(path: path, "read failed") }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw InputError(path: path, "not UTF-8 text") }
        return text
    }

    public static func write(_ text: String, to path: String) throws(InputError) {
        guard let handle = fopen(path, "wb") else { throw InputError(path: path, String(cString: strerror(errno))) }
        let written = text.utf8.withContiguousStorageIfAvailable { fwrite($0.baseAddress, 1, $0.count, handle) }
            ?? Array(text.utf8).withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, handle) }
        let failed = written != text.utf8.count || ferror(handle) != 0
        if fclose(handle) != 0 || failed { throw InputError(path: path, "write failed") }
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
