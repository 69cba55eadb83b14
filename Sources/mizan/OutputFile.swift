import MizanFormats
#if canImport(Glibc)
import Glibc
#endif

/// A file a command streams line by line (a trace), with errors that name the
/// path. It is written under a temporary name in the same folder and renamed
/// into place by `close()`: an interrupted run leaves no file that looks whole.
final class OutputFile {
    let path: String
    private let temporary: String
    private var handle: UnsafeMutablePointer<FILE>?

    init(path: String) throws(InputError) {
        guard !path.isEmpty else { throw InputError(path: path, "an empty output path") }
        self.path = path
        temporary = TextFile.partialPath(for: path)
        guard let handle = fopen(temporary, "w") else { throw InputError(path: path, String(cString: strerror(errno))) }
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
        try TextFile.commit(temporary, to: path)
    }

    deinit { if let handle { fclose(handle) } }
}
