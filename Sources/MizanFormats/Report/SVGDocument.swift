/// A small SVG writer: shapes and text with fixed number formatting, so the
/// same picture gives the same bytes.
public struct SVGDocument {
    public let width: Double
    public let height: Double
    private var body: [String] = []

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// A coordinate or size to two decimals (not a number: 0, so that the picture still draws).
    static func n(_ value: Double) -> String { value.isFinite ? Decimals.format(value, digits: 2) : "0" }

    /// `text` as the text of an element or attribute, of SVG (XML) or HTML: the markup's own
    /// characters as references, and a character neither may hold (a control character other
    /// than tab, line feed and carriage return, U+FFFE, U+FFFF) as U+FFFD, so that a name from
    /// a file never makes a picture unreadable.
    static func escape(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out.append(contentsOf: "&amp;".unicodeScalars)
            case "<": out.append(contentsOf: "&lt;".unicodeScalars)
            case ">": out.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": out.append(contentsOf: "&quot;".unicodeScalars)
            case "\t", "\n", "\r": out.append(scalar)
            case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}", "\u{FFFE}", "\u{FFFF}": out.append("\u{FFFD}")
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    public mutating func rect(x: Double, y: Double, width: Double, height: Double, fill: String, stroke: String = "none") {
        body.append(#"<rect x="\#(Self.n(x))" y="\#(Self.n(y))" width="\#(Self.n(width))" height="\#(Self.n(height))" fill="\#(fill)" stroke="\#(stroke)"/>"#)
    }

    public mutating func circle(x: Double, y: Double, r: Double, fill: String, opacity: Double = 1) {
        body.append(#"<circle cx="\#(Self.n(x))" cy="\#(Self.n(y))" r="\#(Self.n(r))" fill="\#(fill)" fill-opacity="\#(Self.n(opacity))"/>"#)
    }

    public mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, width: Double = 1, arrow: Bool = false, dashed: Bool = false) {
        let marker = arrow ? #" marker-end="url(#arrow)""# : ""
        let dash = dashed ? #" stroke-dasharray="4 3""# : ""
        body.append(#"<line x1="\#(Self.n(x1))" y1="\#(Self.n(y1))" x2="\#(Self.n(x2))" y2="\#(Self.n(y2))" stroke="\#(stroke)" stroke-width="\#(Self.n(width))"\#(marker)\#(dash)/>"#)
    }

    public mutating func text(_ text: String, x: Double, y: Double, size: Double = 12, anchor: String = "start", fill: String = "#222") {
        body.append(#"<text x="\#(Self.n(x))" y="\#(Self.n(y))" font-family="sans-serif" font-size="\#(Self.n(size))" text-anchor="\#(anchor)" fill="\#(fill)">\#(Self.escape(text))</text>"#)
    }

    /// A line through `points` in order.
    public mutating func polyline(_ points: [(x: Double, y: Double)], stroke: String, width: Double = 1) {
        let list = points.map { "\(Self.n($0.x)),\(Self.n($0.y))" }.joined(separator: " ")
        body.append(#"<polyline fill="none" stroke="\#(stroke)" stroke-width="\#(Self.n(width))" points="\#(list)"/>"#)
    }

    /// `text` turned by `degrees` about its anchor at (`x`, `y`).
    public mutating func text(_ text: String, x: Double, y: Double, rotated degrees: Double, size: Double = 12, anchor: String = "start", fill: String = "#222") {
        body.append(#"<text transform="translate(\#(Self.n(x)) \#(Self.n(y))) rotate(\#(Self.n(degrees)))" font-family="sans-serif" font-size="\#(Self.n(size))" text-anchor="\#(anchor)" fill="\#(fill)">\#(Self.escape(text))</text>"#)
    }

    public var text: String {
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(Self.n(width))" height="\#(Self.n(height))" viewBox="0 0 \#(Self.n(width)) \#(Self.n(height))">"#,
            ##"<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="#c0392b"/></marker></defs>"##,
            #"<rect width="100%" height="100%" fill="white"/>"#,
        ]
        lines += body
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }
}
