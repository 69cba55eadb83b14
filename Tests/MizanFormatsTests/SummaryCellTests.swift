import Testing
import MizanFormats

/// A summary value in each format: JSON writes `null` for a figure nothing
/// measured, CSV an empty cell; text is quoted as each format quotes.
@Suite struct SummaryCellTests {
    @Test func aFigureNothingMeasuredIsNullInJSONAndEmptyInCSV() {
        for cell in [SummaryCell.figure(nil), .figure(.nan), .figure(.infinity)] {
            #expect(cell.json.compact == "null" && cell.csv == "")
        }
        #expect(SummaryCell.figure(0.1234567).json.compact == "0.123457" && SummaryCell.figure(0.1234567).csv == "0.123457")
    }

    @Test func textIsQuotedAsEachFormatQuotesIt() {
        let cell = SummaryCell.text(#"a "b", c"#)
        #expect(cell.json.compact == #""a \"b\", c""#)
        #expect(cell.csv == #""a ""b"", c""#)
        #expect(SummaryCell.seed(.max).csv == "18446744073709551615" && SummaryCell.count(3).csv == "3")
    }
}
