import Testing
@testable import mizan

/// Every option of `mizan twin` has an effect in the mode chosen, or is
/// refused naming the mode.
@Suite struct TwinSettingTests {
    static func refusal(_ options: [String]) -> String? {
        CommandLineTests.usageError { try TwinCommand.main(["--tills", "t.csv", "--trace", "r.csv"] + options) }
    }

    @Test func aSeedOrAnOutputFolderWithAComparisonIsRefused() {
        #expect(Self.refusal(["--radio", "c.json", "--compare", "--seed", "3"])
            == "mizan twin: --seed is for one simulation, and --compare runs seeds 1 to N (--seeds N) and writes no recording; leave --seed out, or give --json FILE or --svg FILE")
        #expect(Self.refusal(["--leave-one-out", "--out", "twin"])?.hasPrefix("mizan twin: --out is for one simulation, and --leave-one-out runs seeds 1 to N") == true)
    }

    @Test func seedsOrEveryWithoutAComparisonAreRefused() {
        #expect(Self.refusal(["--radio", "c.json", "--seeds", "3"])
            == "mizan twin: --seeds goes with --compare or --leave-one-out; one simulation (without them) runs one seed (--seed) and writes its recording")
        #expect(Self.refusal(["--fit-trace", "f.csv", "--every", "1"])?.hasPrefix("mizan twin: --every goes with --compare or --leave-one-out") == true)
    }

    @Test func aStructureFlagWithAReadRadioIsRefused() {
        #expect(Self.refusal(["--radio", "c.json", "--compare", "--no-room-map"])
            == "mizan twin: --no-room-map is fitted on training tracks (--fit-trace FILE or --leave-one-out), and --radio takes the radio as it is written; leave --no-room-map out, or fit the radio")
        #expect(Self.refusal(["--radio", "c.json", "--own-exponents"])?.hasPrefix("mizan twin: --own-exponents is fitted on training tracks") == true)
        #expect(Self.refusal(["--radio", "c.json", "--elevation-loss"])?.hasPrefix("mizan twin: --elevation-loss is fitted on training tracks") == true)
        #expect(Self.refusal(["--radio", "c.json", "--no-direction"])?.hasPrefix("mizan twin: --no-direction is fitted on training tracks") == true)
    }

    @Test func askingForTheRoomMapSaysItIsAlwaysIn() {
        #expect(Self.refusal(["--leave-one-out", "--room-map"]) == "mizan twin: the room map is part of every fit; --no-room-map leaves it out")
    }

    @Test func aComparisonOverOneSeedIsRefusedRatherThanPrintingNaN() {
        #expect(Self.refusal(["--radio", "c.json", "--compare", "--seeds", "1"])
            == "mizan twin: --compare needs --seeds of at least 2: it sets each seed against the mean of the others, and one seed has no others; got 1")
        #expect(Self.refusal(["--leave-one-out", "--seeds", "1"])?.hasPrefix("mizan twin: --leave-one-out needs --seeds of at least 2") == true)
    }

    @Test func aComparisonAndLeaveOneOutTogetherAreRefused() {
        #expect(Self.refusal(["--leave-one-out", "--compare"]) == "mizan twin: give --compare or --leave-one-out, not both (--leave-one-out compares each track)")
    }
}
