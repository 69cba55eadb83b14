#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading and listing the files of lanes, without Foundation.
public enum TextFile {
    /// The file's text; an error names the file.
    public static func read(_ path: String) throws(LaneFileError) -> String {
        guard let handle = fopen(path, "rb") else {
            throw LaneFileError(file: path, field: "", message: "cannot open: " + String(cString: strerror(errno)))
        }
        defer { fclose(handle) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = fread(&buffer, 1, buffer.count, handle)
            if count > 0 { bytes.append(contentsOf: buffer[0..<count]) }
            if count < buffer.count { break }
            if bytes.count > 4 << 20 { throw LaneFileError(file: path, field: "", message: "larger than 4 MiB") }
        }
        if ferror(handle) != 0 { throw LaneFileError(file: path, field: "", message: "read failed") }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw LaneFileError(file: path, field: "", message: "not valid UTF-8")
        }
        return text
    }

    /// The names in a directory ending with `suffix`, sorted by their bytes.
    public static func list(_ directory: String, suffix: String) throws(LaneFileError) -> [String] {
        guard let dir = opendir(directory) else {
            throw LaneFileError(file: directory, field: "", message: "cannot open directory: " + String(cString: strerror(errno)))
        }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasSuffix(suffix), !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// Writes `text` to `path`, replacing it; an error names the file.
    public static func write(_ text: String, to path: String) throws(LaneFileError) {
        guard let handle = fopen(path, "wb") else {
            throw LaneFileError(file: path, field: "", message: "cannot write: " + String(cString: strerror(errno)))
        }
        let bytes = Array(text.utf8)
        let written = bytes.isEmpty ? 0 : fwrite(bytes, 1, bytes.count, handle)
        let closed = fclose(handle)
        guard written == bytes.count, closed == 0 else { throw LaneFileError(file: path, field: "", message: "write failed") }
    }

    /// Creates the directory if it does not exist.
    public static func makeDirectory(_ path: String) throws(LaneFileError) {
        if mkdir(path, 0o755) != 0, errno != EEXIST {
            throw LaneFileError(file: path, field: "", message: "cannot create directory: " + String(cString: strerror(errno)))
        }
    }
}
