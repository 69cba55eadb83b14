import Foundation
import Testing
@testable import mizan
import MizanTestSupport

/// The results the docs show from an example are what the example gives now.
@Suite struct DocumentedExampleTests {
    @Test func theSpacingExperimentGivesTheResultsItsDocumentShows() throws {
        let csv = ScratchFolder.path("mizan-spacing-\(UUID().uuidString).csv"), svg = csv + ".svg"
        #expect(try ExperimentCommand.main([DeployFilesTests.root + "/docs/examples/spacing.json", "--csv", csv, "--svg", svg]) == 0)
        for (made, kept) in [(csv, "docs/examples/spacing.csv"), (svg, "docs/examples/spacing.svg")] {
            #expect(try String(contentsOfFile: made, encoding: .utf8) == (try DeployFilesTests.read(kept)),
                    "\(kept) (and the table in docs/rssi-experiment.md) is not what the example gives: run it again and update them")
        }
    }
}
