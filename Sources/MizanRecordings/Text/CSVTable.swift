import MizanSim
import MizanFormats
/// A comma-separated file with a required header: no quoting, no empty
/// fields; blank lines and a final newline are allowed. Each row keeps its
/// line number for errors.
public struct CSVTable: Sendable {
    public struct Row: Sendable {
        public let line: Int
        public let fields: [Substring]
    }

    public let path: String
    public let rows: [Row]

    /// Reads `text` (from `path`) whose first line must be exactly `header`.
    public init(_ text: String, path: String, header: [String]) throws(InputError) {
        self.path = path
        var rows: [Row] = []
        var parser = LineParser(path: path, headers: [header])
        for (number, line) in TextLines.split(text) {
            if let row = try parser.row(line, number: number) { rows.append(row) }
        }
        try parser.finish()
        self.rows = rows
    }

    private init(path: String) {
        self.path = path
        rows = []
    }

    /// Reads the file at `path` row by row as it streams in (memory bounded by
    /// a line, the input limit applying to the file as for `TextFile.read`),
    /// handing each row to `body` with a table (of no rows) whose `number`
    /// reads its fields. The first line must be exactly `header`.
    public static func stream(path: String, header: [String], _ body: (CSVTable, Row) throws(InputError) -> Void) throws(InputError) {
        try stream(path: path, headers: [header], body)
    }

    /// `stream(path:header:_:)` for a file whose first line is exactly one of
    /// `headers` (a format with optional columns); every row then has that
    /// header's fields, so a row's field count says which it was.
    public static func stream(path: String, headers: [[String]], _ body: (CSVTable, Row) throws(InputError) -> Void) throws(InputError) {
        let lines = try LineReader(path: path)
        let table = CSVTable(path: path)
        var parser = LineParser(path: path, headers: headers)
        while let line = try lines.next() {
            if let row = try parser.row(Substring(line), number: lines.lineNumber) { try body(table, row) }
        }
        try parser.finish()
    }

    /// One line at a time: the header first, then rows; blank lines skipped.
    private struct LineParser {
        let path: String
        let headers: [[String]]
        var header: [String]
        var sawHeader = false

        init(path: String, headers: [[String]]) {
            self.path = path
            self.headers = headers
            header = headers[0]
        }

        var expected: String { headers.map { "'" + $0.joined(separator: ",") + "'" }.joined(separator: " or ") }

        mutating func row(_ line: Substring, number: Int) throws(InputError) -> Row? {
            let fields = line.commaSeparatedFields
            // A blank line (spaces and tabs at most) is one empty field.
            if fields.count == 1, fields[0].isEmpty { return nil }
            if !sawHeader {
                guard let matched = headers.first(where: { fields.map(String.init) == $0 }) else {
                    throw InputError(path: path, line: number, "expected the header \(expected), got '\(TextLines.excerpt(line))'")
                }
                header = matched
                sawHeader = true
                return nil
            }
            guard fields.count == header.count else {
                throw InputError(path: path, line: number, "expected \(header.count) fields (\(header.joined(separator: ","))), got \(fields.count)")
            }
            if let empty = fields.firstIndex(where: { $0.isEmpty }) {
                throw InputError(path: path, line: number, "field '\(header[empty])' is empty")
            }
            return Row(line: number, fields: fields)
        }

        func finish() throws(InputError) {
            guard sawHeader else { throw InputError(path: path, "empty file: expected the header \(expected)") }
        }
    }

    /// Field `index` of `row` as a finite number written in decimal (`DecimalNumber`); `name` goes into the error.
    public func number(_ row: Row, _ index: Int, _ name: String) throws(InputError) -> Double {
        guard let value = DecimalNumber.read(row.fields[index]) else {
            throw InputError(path: path, line: row.line, "\(name) must be a number, got '\(TextLines.excerpt(row.fields[index]))'")
        }
        return value
    }

    /// Field `index` of `row` as a number within `bounds`; the error states the bound and what it stands for.
    public func number(_ row: Row, _ index: Int, _ name: String, in bounds: ClosedRange<Double>, _ meaning: String) throws(InputError) -> Double {
        let value = try number(row, index, name)
        guard bounds.contains(value) else {
            throw InputError(path: path, line: row.line, "\(name) must be from \(Figures.text(bounds.lowerBound, digits: 6)) to \(Figures.text(bounds.upperBound, digits: 6)) (\(meaning)), got '\(TextLines.excerpt(row.fields[index]))'")
        }
        return value
    }
}

extension Substring {
    /// Without the spaces and tabs at its ends. Read as UTF-8 bytes: a space and a tab are one byte
    /// each, never part of another character's.
    var trimmingSpaces: Substring {
        let bytes = utf8
        var (low, high) = (bytes.startIndex, bytes.endIndex)
        while low < high, Self.isSpace(bytes[low]) { low = bytes.index(after: low) }
        while low < high, case let before = bytes.index(before: high), Self.isSpace(bytes[before]) { high = before }
        return Substring(unicodeScalars[low..<high])
    }

    /// The fields between its commas (every comma, whatever stands beside it: one byte in UTF-8),
    /// each without the spaces and tabs at its ends: how every CSV line the tool reads is split.
    var commaSeparatedFields: [Substring] {
        let bytes = utf8, scalars = unicodeScalars
        var fields: [Substring] = []
        var start = bytes.startIndex, index = start
        while true {
            let end = index == bytes.endIndex
            if end || bytes[index] == UInt8(ascii: ",") {
                fields.append(Substring(scalars[start..<index]).trimmingSpaces)
                if end { return fields }
                start = bytes.index(after: index)
            }
            index = bytes.index(after: index)
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
}
