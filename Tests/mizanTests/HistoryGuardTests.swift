import Foundation
import Testing

/// The README, BENCHMARKS.md, docs/ and the sources describe the software as
/// it is: how it came to be is for `git log`. The protocol's own words stay
/// (a secure session, a selection session); a commit id in BENCHMARKS.md's
/// dated table identifies a measured build and is not history.
@Suite struct HistoryGuardTests {
    static let patterns: [(name: String, regex: String)] = [
        ("a numbered session", #"[Ss]ession [0-9]"#),
        ("an issue number", #"[Ii]ssue #?[0-9]"#),
        ("a #number", #"(?:^|[^&\w/#"'\\])#[0-9]+(?![0-9A-Za-z])"#),
        ("a branch name", #"(?i)\b(?:branch|worktree)\s+[`'"]?[a-z0-9]+[-_/][a-z0-9_/-]+"#),
    ]

    /// `text` without its fenced code blocks and inline code spans (Markdown).
    static func prose(_ text: String) -> String {
        var kept: [Substring] = []
        var fenced = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { fenced.toggle(); continue }
            if !fenced { kept.append(line) }
        }
        return kept.joined(separator: "\n").replacing(/`[^`\n]*`/, with: "")
    }

    /// The comments of a Swift file.
    static func comments(_ text: String) -> String {
        text.split(separator: "\n").compactMap { line in line.range(of: "//").map { line[$0.lowerBound...] } }.joined(separator: "\n")
    }

    static func documents() throws -> [(path: String, text: String)] {
        let root = RepositoryTests.root
        var files = ["README.md", "BENCHMARKS.md"]
        files += try FileManager.default.contentsOfDirectory(atPath: root + "/docs").filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        var documents = try files.map { (path: $0, text: prose(try String(contentsOfFile: root + "/" + $0, encoding: .utf8))) }
        for file in RepositoryTests.swiftFiles(under: "Sources") {
            documents.append((String(file.dropFirst(root.count + 1)), comments(try String(contentsOfFile: file, encoding: .utf8))))
        }
        return documents
    }

    @Test func noDocumentOrCommentNarratesHowTheCodeWasBuilt() throws {
        let documents = try Self.documents()
        #expect(documents.count > 300)
        for (name, pattern) in Self.patterns {
            let regex = try Regex(pattern)
            for document in documents {
                for match in document.text.matches(of: regex) {
                    Issue.record("\(document.path): \(name): '\(document.text[match.range])'")
                }
            }
        }
    }

    @Test func theGuardCatchesEachPatternAndSparesTheProtocolsWords() throws {
        let caught = ["as of session 6 the model", "see issue 12", "fixed in Issue #4", "the fix for #27", "on branch issue-30"]
        let spared = ["a secure session ends", "a selection session of 1 s", "colour #ddd", "`#SBATCH --array=0-9`", "&#10; in XML"]
        for text in caught {
            #expect(try Self.patterns.contains { try Regex($0.regex).firstMatch(in: Self.prose(text)) != nil }, "\(text)")
        }
        for text in spared {
            #expect(try !Self.patterns.contains { try Regex($0.regex).firstMatch(in: Self.prose(text)) != nil }, "\(text)")
        }
    }

    /// Every file format is written in MizanFormats: outside it, no JSON object
    /// or array is assembled from strings, no SVG element is written by hand,
    /// and no writer type of a format is declared.
    @Test func fileFormatsAreWrittenInMizanFormatsAlone() throws {
        let handWritten = try Regex(#"("\[" \+|"\{" \+|"\{\\"|#"\{"|<svg|<rect |<line |<text |<polyline |<circle )"#)
        let writers = try Regex(#"(?m)^\s*(?:public |package )?(?:final )?(?:struct|class|enum) (TraceWriter|SVGDocument|JSONWriter|JSON)\b"#)
        #expect(#"let line = "[" + items.joined() + "]""#.contains(handWritten) && #"svg += "<rect x=\"1\"/>""#.contains(handWritten))
        #expect("public enum JSON {".contains(writers) && !"public enum JSONValue {".contains(writers) && !"let text = JSON.array(items).compact".contains(handWritten))
        for file in RepositoryTests.swiftFiles(under: "Sources") + RepositoryTests.swiftFiles(under: "Benchmarks") where !file.contains("/Sources/MizanFormats/") {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            let code = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
            for match in code.matches(of: handWritten) { Issue.record("\(file): a format written by hand: '\(code[match.range])'") }
            for match in code.matches(of: writers) { Issue.record("\(file): a format's writer outside MizanFormats: '\(code[match.range])'") }
        }
    }
}
