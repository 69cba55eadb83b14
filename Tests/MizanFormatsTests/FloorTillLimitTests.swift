import Testing
import MizanFormats

/// A floor has at most `FloorFile.maximumTills` tills, however they are given:
/// past it a run would not finish in any time a person waits (docs/running-a-floor.md).
@Suite struct FloorTillLimitTests {
    func error(_ text: String) -> String? {
        do { _ = try FloorFile.parse(text, file: "big.json"); return nil } catch { return error.description }
    }

    @Test func aRowOfMoreTillsThanTheLimitIsRefusedNamingTheLimit() throws {
        let over = FloorFile.maximumTills + 1
        let message = try #require(error(#"{"tills": {"row": {"count": \#(over)}}, "payers": {"arrivals": "pairs"}}"#))
        #expect(message.contains("tills.row.count") && message.contains("\(over) tills, over the \(FloorFile.maximumTills) a floor may have"), "\(message)")
        #expect(error(#"{"tills": {"row": {"count": \#(FloorFile.maximumTills)}}, "payers": {"arrivals": "pairs"}}"#) == nil)
    }

    @Test func aListOfMoreTillsThanTheLimitIsRefusedBeforeItsTillsAreRead() throws {
        let over = FloorFile.maximumTills + 1
        let tills = (0..<over).map { #"{"x": \#($0), "y": 0}"# }.joined(separator: ",")
        let message = try #require(error(#"{"tills": [\#(tills)], "payers": {"arrivals": "pairs"}}"#))
        #expect(message.contains("\(over) tills, over the \(FloorFile.maximumTills) a floor may have"), "\(message)")
    }
}
