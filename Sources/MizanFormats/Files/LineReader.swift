#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A text file read line by line as it streams in, in memory bounded by the
/// longest line (never the whole file). Lines split as `TextLines` splits
/// them: on "\n", with a "\r" before it dropped. Every mistake names the file
/// and the line.
public final class LineReader {
    /// The longest line read, in bytes: 1 MiB. No line of a trace or CSV file
    /// comes near it; a file without line ends (such as /dev/zero) stops here.
    public static let maximumLineBytes = 1 << 20

    public let path: String
    /// The number of the line `next` returned last, from 1.
    public private(set) var lineNumber = 0
    /// Whether the file's last line ended with "\n" (known once `next` has returned `nil`).
    public private(set) var endedWithNewline = true

    private let handle: UnsafeMutablePointer<FILE>
    private let limit: Int?
    private let maximumLine: Int
    private var buffer: [UInt8] = []
    private var start = 0
    private var totalBytes = 0
    private var atEnd = false

    /// Opens `path`. With `limited`, a file over the input limit is refused
    /// as `TextFile.read` refuses it (the same limit, message and override);
    /// without, any length is read, since memory stays bounded by a line.
    public init(path: String, limited: Bool = true, maximumLineBytes: Int = LineReader.maximumLineBytes) throws(InputError) {
        let limit = limited ? try TextFile.checkedInputLimit(reading: path) : nil
        guard let handle = fopen(path, "rb") else { throw InputError(path: path, String(cString: strerror(errno))) }
        self.path = path
        self.handle = handle
        self.limit = limit
        self.maximumLine = maximumLineBytes
    }

    deinit { fclose(handle) }

    /// The next line without its line end, or `nil` after the last. An empty
    /// last line (after a final newline) is not returned.
    public func next() throws(InputError) -> String? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                let line = try text(buffer[start..<newline], number: lineNumber + 1)
                start = newline + 1
                lineNumber += 1
                return line
            }
            guard buffer.count - start <= maximumLine else {
                throw InputError(path: path, line: lineNumber + 1, "a line longer than \(maximumLine) bytes: not a text file of lines?")
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                let line = try text(buffer[start...], number: lineNumber + 1)
                start = buffer.count
                lineNumber += 1
                endedWithNewline = false
                return line
            }
            try fill()
        }
    }

    private func fill() throws(InputError) {
        if start > 0 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = fread(&chunk, 1, chunk.count, handle)
        let failure = count < chunk.count ? errno : 0
        if count > 0 { buffer.append(contentsOf: chunk[0..<count]) }
        totalBytes += count
        if let limit, totalBytes > limit {
            throw InputError(path: path, "larger than the input limit of \(limit) bytes (set \(TextFile.inputLimitVariable) to a larger number of bytes to read it)")
        }
        if count < chunk.count {
            // The reason the system gives (a folder: "Is a directory"), as `TextFile.read` says it.
            if ferror(handle) != 0 { throw InputError(path: path, failure != 0 ? String(cString: strerror(failure)) : "read failed") }
            atEnd = true
        }
    }

    private func text(_ bytes: ArraySlice<UInt8>, number: Int) throws(InputError) -> String {
        let content = bytes.last == 0x0D ? bytes.dropLast() : bytes
        guard let line = String(validating: content, as: UTF8.self) else { throw InputError(path: path, line: number, "not UTF-8 text") }
        return line
    }
}
