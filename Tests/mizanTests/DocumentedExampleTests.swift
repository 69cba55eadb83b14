import Foundation
import Testing
@testable import mizan
import MizanTestSupport

/// The results the docs show from an example are what the example gives now.
@Suite struct DocumentedExampleTests {
    @Test func theSpacingExperimentGivesTheResultsItsDocumentShows() throws {
        let csv = ScratchFolder.path("mizan-spacing-\(UUID().uuidString).csv")
        #expect(try ExperimentCommand.main([DeployFilesTests.root + "/docs/examples/spacing.json", "--csv", csv]) == 0)
        let run = try String(contentsOfFile: csv, encoding: .utf8)
        #expect(run == (try DeployFilesTests.read("docs/examples/spacing.csv")),
                "docs/examples/spacing.csv and the table in docs/rssi-experiment.md are not what the example gives: run it again and update both")
    }
}
