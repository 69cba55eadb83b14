import Testing
@testable import MizanFormats

/// The pages put text from inputs into their document as text: no script of
/// theirs parses a string as markup, and the one thing written into the HTML
/// itself (the title) is escaped.
@Suite struct PageScriptTests {
    static let sinks = ["innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "createContextualFragment", "DOMParser", "srcdoc"]

    /// Each page's script by name (named, so that the test's log holds names, not scripts).
    static let scripts = ["report.html": ReportPage.script, "the sweep report": SweepReport.script, "the page builder": PageScript.dom]

    @Test(arguments: ["report.html", "the sweep report", "the page builder"])
    func noPageScriptParsesAStringAsMarkup(page: String) throws {
        let script = try #require(Self.scripts[page])
        for sink in Self.sinks { #expect(!script.contains(sink), "\(page) uses \(sink)") }
    }

    @Test func everyPageStartsItsScriptWithTheBuilder() {
        var sweep = SweepReport(title: "t")
        sweep.add(line: #"{"cell":1,"params":{"name":"a"},"transactions":1}"#)
        #expect(sweep.html.contains(PageScript.dom))
        #expect(ReportPage.head(title: "t").contains("<title>Mizan Floor: t</title>"))
    }

    @Test func aReportsTitleWithMarkupIsWrittenAsText() {
        let head = ReportPage.head(title: #"<img src=x onerror="document.title='x'">&amp;"#)
        #expect(head.contains(#"<title>Mizan Floor: &lt;img src=x onerror=&quot;document.title='x'&quot;&gt;&amp;amp;</title>"#))
        #expect(!head.contains("<img"))
    }

    @Test func inputTextCannotEndOrOutrunThePagesDataElement() throws {
        var sweep = SweepReport(title: "t")
        let hostile = "<!--<script></script><b>"
        sweep.add(line: #"{"cell":1,"params":{"name":"\#(hostile)"},"transactions":1}"#)
        let html = sweep.html
        let start = try #require(html.range(of: #"<script type="application/json" id="data">"#))
        let end = try #require(html[start.upperBound...].range(of: "</script>"))
        let data = String(html[start.upperBound..<end.lowerBound])
        #expect(!data.contains("<"), "the data holds no '<' the HTML parser could read")
        // JSON.parse reads the text back as it was.
        guard case let .object(root) = try JSONParser.parse(data), case let .array(cells)? = root.first(where: { $0.key == "cells" })?.value,
              case let .object(cell)? = cells.first, case let .object(params)? = cell.first(where: { $0.key == "params" })?.value else {
            Issue.record("the data is not the sweep's cells"); return
        }
        #expect(params.first?.value == .string(#""\#(hostile)""#), "the value's JSON text, as the sweep line wrote it")
    }
}

