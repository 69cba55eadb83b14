import Foundation
import Testing
@testable import MizanFormats
import MizanTestSupport

/// Lines read as a file streams in split as `TextLines` splits a whole text.
@Suite struct LineReaderTests {
    static func lines(_ text: String, limited: Bool = true) throws -> (lines: [String], newline: Bool) {
        let path = try FloorTraceFileTests.file(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reader = try LineReader(path: path, limited: limited)
        var lines: [String] = []
        while let line = try reader.next() { lines.append(line) }
        #expect(reader.lineNumber == lines.count)
        return (lines, reader.endedWithNewline)
    }

    @Test(arguments: ["a\nb\n", "a\r\nb\r\n", "a\nb", "a\r\nb", "", "\n\na\n", "é,ü\r\n\r\nx"])
    func linesAreThoseOfTextLines(text: String) throws {
        var expected = TextLines.split(text).map { String($0.text) }
        if expected.last == "" { expected.removeLast() }
        let read = try Self.lines(text)
        #expect(read.lines == expected)
        #expect(read.newline == (text.isEmpty || text.unicodeScalars.last == "\n"), "CRLF is one Character: compare scalars")
    }

    @Test func linesLongerThanAReadAreWhole() throws {
        let long = String(repeating: "x", count: 200_000)
        #expect(try Self.lines(long + "\n" + long + "\n").lines == [long, long])
    }

    @Test func invalidUTF8IsRefusedWithItsLine() throws {
        let path = ScratchFolder.path("mizan-bytes-\(UUID().uuidString)")
        try Data([0x61, 0x0A, 0xFF, 0xFE, 0x0A]).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reader = try LineReader(path: path)
        #expect(try reader.next() == "a")
        #expect(throws: InputError(path: path, line: 2, "not UTF-8 text")) { try reader.next() }
    }

    @Test func aMissingFileIsRefusedWithItsPath() {
        #expect(throws: InputError.self) { try LineReader(path: "/nonexistent/mizan-trace.jsonl") }
    }
}
