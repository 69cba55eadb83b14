import MizanFormats
#if canImport(Glibc)
import Glibc
#endif

/// A file a command streams line by line (a trace), with errors that name the path.
final class OutputFile {
    let path: String
    private var handle: UnsafeMutablePointer<FILE>?

    init(path: String) throws(InputError) {
        self.path = path
        guard let handle = fopen(path, "w") else { throw InputError(path: path, String(cString: strerror(errno))) }
        self.handle = handle
    }

    func writeLine(_ line: String) {
        guard let handle else { return }
        fputs(line, handle)
        fputc(0x0A, handle)
    }

    func close() throws(InputError) {
        guard let handle else { return }
        self.handle = nil
        if ferror(handle) != 0 || fclose(handle) != 0 { throw InputError(path: path, "write failed") }
    }

    deinit { if let handle { fclose(handle) } }
}
