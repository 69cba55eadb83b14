#if canImport(Glibc)
import Glibc
#endif

/// A file the command writes line by line, with errors that name the path.
final class OutputFile {
    let path: String
    private var handle: UnsafeMutablePointer<FILE>?

    init(path: String) throws(FileError) {
        self.path = path
        guard let handle = fopen(path, "w") else { throw FileError(path: path, reason: String(cString: strerror(errno))) }
        self.handle = handle
    }

    func write(_ text: String) {
        guard let handle else { return }
        fputs(text, handle)
    }

    func writeLine(_ line: String) {
        guard let handle else { return }
        fputs(line, handle)
        fputc(0x0A, handle)
    }

    func close() throws(FileError) {
        guard let handle else { return }
        self.handle = nil
        if ferror(handle) != 0 || fclose(handle) != 0 { throw FileError(path: path, reason: "write failed") }
    }

    deinit { if let handle { fclose(handle) } }
}

struct FileError: Error, CustomStringConvertible {
    let path: String
    let reason: String
    var description: String { "\(path): \(reason)" }
}
