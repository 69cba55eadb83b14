import Testing
@testable import mizan

@Suite struct TwinCommandTests {
    @Test func twinNeedsExactlyOneSourceOfItsRadio() {
        let none = CommandLineTests.usageError { try TwinCommand.main(["--tills", "t.csv", "--trace", "r.csv"]) }
        #expect(none == "mizan twin: give exactly one of --fit-trace FILE, --radio FILE or --leave-one-out")
        let two = CommandLineTests.usageError { try TwinCommand.main(["--tills", "t.csv", "--trace", "r.csv", "--radio", "c.json", "--leave-one-out"]) }
        #expect(two == "mizan twin: give exactly one of --fit-trace FILE, --radio FILE or --leave-one-out")
    }

    @Test func twinRejectsAnUnknownOptionAndAPlotWithoutAComparison() {
        #expect(CommandLineTests.usageError { try TwinCommand.main(["--tills", "t.csv", "--trace", "r.csv", "--radio", "c.json", "--png", "x"]) }
            == "mizan twin: unknown option '--png'")
        #expect(CommandLineTests.usageError { try TwinCommand.main(["--tills", "t.csv", "--trace", "r.csv", "--radio", "c.json", "--svg", "x.svg"]) }
            == "mizan twin: --svg goes with --compare or --leave-one-out; one simulation (without them) runs one seed (--seed) and writes its recording")
        #expect(CommandLineTests.usageError { try TwinCommand.main(["--tills", "t.csv", "--trace", "r.csv", "--leave-one-out", "--seeds", "0"]) }?
            .hasPrefix("mizan twin: --seeds") == true)
    }

    @Test func twinAnswersHelp() throws {
        #expect(try TwinCommand.main(["--help"]) == 0)
    }

    @Test func twinTakesTheStructureFlagsAndThenReadsItsInput() {
        // The flags parse; what fails is the missing recording, not the options.
        let answer = CommandLineTests.usageError {
            try TwinCommand.main(["--tills", "/nonexistent/t.csv", "--trace", "/nonexistent/r.csv", "--leave-one-out",
                                  "--no-room-map", "--own-exponents", "--no-direction", "--elevation-loss"])
        }
        #expect(answer?.hasPrefix("not a usage error") == true)
        #expect(answer?.contains("/nonexistent/t.csv") == true)
    }
}
