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

    /// Opens the temporary file afresh, or, `keeping` its first bytes (an
    /// interrupted run's complete lines), to go on after them.
    init(path: String, keeping: Int? = nil) throws(InputError) {
        guard !path.isEmpty else { throw InputError(path: path, "an empty output path") }
        self.path = path
        temporary = TextFile.partialPath(for: path)
        if let keeping, truncate(temporary, off_t(keeping)) != 0 { throw InputError(path: temporary, String(cString: strerror(errno))) }
        guard let handle = fopen(temporary, keeping == nil ? "w" : "a") else { throw InputError(path: path, String(cString: strerror(errno))) }
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

    /// Closes the file where it is, under its temporary name: an interrupted run's, for a resume.
    func keepPartial() throws(InputError) {
        guard let handle else { return }
        self.handle = nil
        if ferror(handle) != 0 || fclose(handle) != 0 { throw InputError(path: temporary, "write failed") }
    }

    deinit { if let handle { fclose(handle) } }
}
