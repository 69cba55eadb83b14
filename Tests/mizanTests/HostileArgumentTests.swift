import Foundation
import Testing
import MizanTestSupport
import MizanFormats
import MizanRecordings
@testable import mizan
@testable import mizan_bench

/// Misleading messages and exit statuses the hostile-input run found.
@Suite struct HostileArgumentTests {
    @Test func anOptionGivenTwiceSaysSo() {
        let failure = RunCommandTests.failure { try RunCommand.main(["--seed", "1", "--seed", "2"]) }
        #expect(failure?.message == "mizan run: --seed is given twice; give it once")
        #expect(failure?.status == 2)
        #expect(RunCommandTests.failure { try SelectCommand.main(["--tills", "t", "--trace", "r", "--json", "--json"]) }?.message
            == "mizan select: --json is given twice; give it once")
    }

    /// A field named with an escape sequence (JSON's \u001b) reaches the error as its escape:
    /// a file never drives the terminal it is checked in.
    @Test func anErrorWritesAnInputsControlCharactersAsEscapes() throws {
        let path = ScratchFolder.path("escape-\(getpid()).json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try #"{"tills": {"row": {"count": 2}}, "payers": {"arrivals": "pairs"}, "\u001b[2Jwipe": 1}"#.write(toFile: path, atomically: true, encoding: .utf8)
        let answer = try runChildErrors(RepositoryTests.root + "/.build/debug/mizan", ["run", path], environment: ["PATH": "/usr/bin:/bin"])
        #expect(answer.status == 2)
        #expect(answer.errors.contains(#"\u{1B}[2Jwipe"#), "\(answer.errors)")
        #expect(!answer.errors.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" })
    }

    @Test func calibrateExitsTwoOnATraceItCannotFit() {
        #expect(ExitStatus.of(CalibrationError("the walk has no spread in distance")) == 2)
    }

    @Test func benchAnswersHelpAndRefusesAScaleBeyondItsRange() throws {
        #expect(try BenchOptions.parse(["--help"]).wantsHelp)
        #expect(try BenchOptions.parse(["W2", "-h"]).wantsHelp)
        do {
            _ = try BenchOptions.parse(["W2", "--scale", "1e20"])
            Issue.record("--scale 1e20 was accepted")
        } catch {
            #expect(error.description == "--scale expects a number from 0.001 to 100.0, got '1e20'")
        }
        #expect(throws: BenchOptions.Invalid.self) { try BenchOptions.parse(["W2", "--seed", "1", "--seed", "2"]) }
    }

    @Test func benchRefusesAnOptionItsWorkloadHasNoUseFor() throws {
        for (arguments, unused) in [(["W0", "--jobs", "2"], "--jobs"), (["W0", "--seed", "3"], "--seed"), (["row", "--radio", "simple"], "--radio"),
                                    (["W1", "--radio", "faithful"], "--radio"), (["grid", "--jobs", "1"], "--jobs")] {
            do {
                _ = try BenchOptions.parse(arguments)
                Issue.record("\(arguments) was accepted")
            } catch {
                #expect(error.description.hasPrefix("\(arguments[0]) takes no \(unused) (it takes "), "\(error.description)")
            }
        }
        #expect(try BenchOptions.parse(["W3", "--radio", "simple", "--jobs", "1", "--seed", "2", "--scale", "0.1"]).faithful == false)
        #expect(try BenchOptions.parse(["row", "--seed", "2", "--scale", "0.1"]).seed == 2)
    }

    @Test func anOptionsNumberIsReadInDecimalOnly() throws {
        // Double(_:) alone read "0x1p2" as 4.
        let failure = RunCommandTests.failure { try RunCommand.main(["--minutes", "0x1p2"]) }
        #expect(failure?.message == "mizan run: --minutes expects a number from 0.001 to 1000000.0, got '0x1p2'", "\(failure?.message ?? "accepted")")
        #expect(failure?.status == 2)
        #expect(throws: BenchOptions.Invalid.self) { try BenchOptions.parse(["W2", "--scale", "0x1p-2"]) }
        #expect(try BenchOptions.parse(["W2", "--scale", "0.25"]).scale == 0.25)
    }

    @Test func replayGivenTheFloorInFrontSaysToGiveItAsFloorAndAnUnknownOptionStaysUnknown() {
        #expect(RunCommandTests.failure { try ReplayCommand.main(["examples/busy-till.json", "--transaction", "1"]) }?.message
            == "mizan replay: unexpected argument 'examples/busy-till.json'; give the floor as --floor examples/busy-till.json")
        #expect(RunCommandTests.failure { try ReplayCommand.main(["--transaction", "1", "--tarce", "t.json"]) }?.message
            == "mizan replay: unknown option '--tarce'")
    }

    @Test func aShorterRunThanAFloorFilesFaultIsRefused() throws {
        let floor = try RunCommandTests.file(#"{"minutes": 1, "tills": {"row": {"count": 2}}, "payers": {"arrivals": "pairs"}, "faults": [{"kind": "drop-link", "atSeconds": 30}]}"#)
        let failure = RunCommandTests.failure { try RunCommand.main([floor, "--minutes", "0.1"]) }
        #expect(failure?.message == "mizan run: --minutes 0.1 ends the run before a fault of the floor file (at 30.0 s): the fault would never happen")
        #expect(failure?.status == 2)
    }

    @Test func fewerTillsOrPayersThanAFloorFilesFaultNamesAreRefused() throws {
        let floor = try RunCommandTests.file(#"{"minutes": 1, "tills": {"row": {"count": 5}}, "payers": {"arrivals": "pairs"}, "faults": [{"kind": "drop-link", "phone": 4, "atSeconds": 30}, {"kind": "bluetooth", "till": 5, "state": "off", "atSeconds": 1}]}"#)
        let tills = RunCommandTests.failure { try RunCommand.main([floor, "--tills", "4"]) }
        #expect(tills?.message == "mizan run: --tills 4 with the floor file's faults[1]: till 5 is not on the floor (tills 1 to 4): the fault would never happen")
        #expect(tills?.status == 2)
        let phones = RunCommandTests.failure { try RunCommand.main([floor, "--tills", "3"]) }
        #expect(phones?.message == "mizan run: --tills 3 with the floor file's faults[0]: phone 4 is not on the floor (its payers have phones 1 to 3): the fault would never happen")
        #expect(RunCommandTests.failure { try RunCommand.main([floor, "--tills", "5", "--payers", "5", "--minutes", "0.6"]) } == nil)
    }

    @Test func tillsGivenOnTheCommandLineAreRefusedWhenTheFloorsPairsWouldStandTooManyPhones() throws {
        let floor = try RunCommandTests.file(#"{"tills": {"row": {"count": 2}}, "payers": {"arrivals": "pairs", "phonesPerTill": 2}}"#)
        let tills = FloorFile.maximumTills / 2 + 1
        let failure = RunCommandTests.failure { try RunCommand.main([floor, "--tills", "\(tills)"]) }
        #expect(failure?.message.hasPrefix("mizan run: --tills \(tills) with the floor file's phonesPerTill: \(tills) tills with 2 phones each: \(tills * 2) phones, over the") == true,
                "\(failure?.message ?? "accepted")")
        #expect(failure?.status == 2)
        // With --payers the pairs give way to lines taking turns: nothing stands two to a till.
        #expect(try FloorOptions(path: floor, tills: tills, payers: tills).plan(command: "mizan run").tills.count == tills)
    }

    @Test func tillsGivenOnTheCommandLineAreRefusedWhenTheFloorsAdvertisingIntervalWouldMakeTooManyEvents() throws {
        let floor = try RunCommandTests.file(#"{"tills": {"row": {"count": 2}}, "payers": {"arrivals": "pairs"}, "radio": {"advertisingIntervalMs": 20}}"#)
        let failure = RunCommandTests.failure { try RunCommand.main([floor, "--tills", "401"]) }
        #expect(failure?.message.hasPrefix("mizan run: --tills 401 with the floor file's radio.advertisingIntervalMs: 401 tills advertising every 20 ms: 20050 advertising events a virtual second, over the 20000") == true,
                "\(failure?.message ?? "accepted")")
        #expect(failure?.status == 2)
        #expect(try FloorOptions(path: floor, tills: 400).plan(command: "mizan run").tills.count == 400)
    }

    @Test func selectRefusesMoreSessionsThanItsLimitBeforeReplayingAny() throws {
        let tills = try RunCommandTests.file("till,x,y,z\n1,0,0,1\n2,10,0,1\n")
        let trace = try RunCommandTests.file("t,phone,till,rssi,x,y,z\n0,p,1,-60,1,0,1\n80000,p,2,-70,1,0,1\n0,q,1,-60,1,0,1\n80000,q,2,-70,1,0,1\n")
        let failure = RunCommandTests.failure { try SelectCommand.main(["--tills", tills, "--trace", trace, "--every", "0.05"]) }
        #expect(failure?.status == 2)
        #expect(failure?.message.contains("160000 phone-seconds: at --every 0.05 that is about 3200002 sessions, over the limit of 2000000") == true,
                "\(failure?.message ?? "replayed")")
    }
}

/// `mizan-bench` never divides by zero: a workload in which no transaction
/// reaches a secure link says so, in its table and as nulls in its JSON.
@Suite struct BenchFigureTests {
    @Test func aCheckoutRunWithNoSecureLinkSaysSoInsteadOfTrapping() throws {
        let options = try BenchOptions.parse(["W3", "--scale", "0.001", "--jobs", "1"])
        var plan = CheckoutWorkload.w3(scale: options.scale)
        plan.linkLayer = .faithful(.standard)
        plan.radio = CheckoutWorkload.radio(faithful: true)
        let result = try CheckoutWorkload.measure(plan, seed: options.seed, jobs: 1)
        #expect(result.report.startToSecureLink.count == 0)
        let lines = CheckoutSummary(workload: "W3", plan: plan, options: options, result: result, pooled: result,
                                    w0: (1000, 1000, 1000), peak: 0, configuration: "test").lines
        #expect(lines.contains("  its crypto-alone bound: none: no transaction reached a secure link, so the run did no transaction's crypto"))
        let json = try #require(lines.last)
        #expect(json.contains(#""crypto_bound_virtual_seconds_per_wall_second":null,"ratio_to_crypto_bound":null"#), "\(json)")
        #expect(!json.contains("nan") && !json.contains("inf"), "\(json)")
    }

    @Test func aFigureThatIsNotFiniteOrTooLargeForAnIntIsStillWritten() {
        #expect(formatted(.infinity) == "n/a" && formatted(.nan) == "n/a")
        #expect(tenths(.infinity).compact == "null" && tenths(.nan).compact == "null")
        #expect(formatted(1e19) == "1e+19" && tenths(1e19).compact == "1e+19")
        #expect(formatted(2.26) == "2.3" && tenths(2.26).compact == "2.3")
        #expect(CheckoutSummary.ratio(1, 0) == nil)
        #expect(CheckoutSummary.json(1.0 / 0.0, digits: 3).compact == "null" && CheckoutSummary.json(nil).compact == "null")
        #expect(CheckoutSummary.json(0.83456, digits: 3).compact == "0.835")
    }
}
