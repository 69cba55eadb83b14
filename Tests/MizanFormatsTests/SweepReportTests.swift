import Testing
@testable import MizanFormats

/// A sweep's report: per cell, each metric's mean over the seeds and its 95 % interval.
@Suite struct SweepReportTests {
    static func line(cell: Int, spacing: Int, transactions: Double) -> String {
        #"{"run":1,"cell":\#(cell),"seed":1,"params":{"tills.row.spacing":\#(spacing)},"transactions":\#(transactions),"wrong_till_rate":0.1}"#
    }

    @Test func aCellsIntervalIsStudentsTOverItsSeeds() throws {
        var report = SweepReport(title: "t")
        for value in [1.0, 2, 3] { report.add(line: Self.line(cell: 1, spacing: 2, transactions: value)) }
        report.add(line: Self.line(cell: 2, spacing: 4, transactions: 7))
        report.add(line: "not a line")
        let html = report.html
        // Mean 2, sd 1, three seeds: 2 +- 4.303 / sqrt(3).
        #expect(html.contains(#""cell": 1, "runs": 3, "params": {"tills.row.spacing": "2"}"#))
        #expect(html.contains("[2, 2.4843]"), "\(html.prefix(2000))")
        // One seed: a mean, no interval.
        #expect(html.contains("[7, null]"))
    }

    @Test func aValueThatReadsLikeTheEndOfAScriptCannotCloseTheData() {
        var report = SweepReport(title: "t")
        report.add(line: #"{"cell":1,"params":{"floor":"</script><b>"},"transactions":1}"#)
        let html = report.html
        #expect(html.contains(#"\u003c/script>\u003cb>"#))
        #expect(!html.contains("</script><b>"))
    }

    @Test func tTheQuantilesAreStudentsUpToThirtyAndNormalBeyond() {
        #expect(SweepReport.t975(1) == 12.706)
        #expect(SweepReport.t975(4) == 2.776)
        #expect(SweepReport.t975(100) == 1.96)
    }

    @Test func theReportSitsBesideItsLines() {
        #expect(SweepReport.path(beside: "out/sweep.jsonl") == "out/sweep.html")
        #expect(SweepReport.path(beside: "sweep.txt") == "sweep.txt.html")
    }
}
