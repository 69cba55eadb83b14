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
        var sawHeader = false
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces }
            if !sawHeader {
                guard fields.map(String.init) == header else {
                    throw InputError(path: path, line: index + 1, "expected the header '\(header.joined(separator: ","))', got '\(line)'")
                }
                sawHeader = true
                continue
            }
            guard fields.count == header.count else {
                throw InputError(path: path, line: index + 1, "expected \(header.count) fields (\(header.joined(separator: ","))), got \(fields.count)")
            }
            if let empty = fields.firstIndex(where: \.isEmpty) {
                throw InputError(path: path, line: index + 1, "field '\(header[empty])' is empty")
            }
            rows.append(Row(line: index + 1, fields: fields))
        }
        guard sawHeader else { throw InputError(path: path, "empty file: expected the header '\(header.joined(separator: ","))'") }
        self.rows = rows
    }

    /// Field `index` of `row` as a finite number; `name` goes into the error.
    public func number(_ row: Row, _ index: Int, _ name: String) throws(InputError) -> Double {
        guard let value = Double(row.fields[index]), value.isFinite else {
            throw InputError(path: path, line: row.line, "\(name) must be a number, got '\(row.fields[index])'")
        }
        return value
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
