import Foundation
import Testing
import MizanTestSupport

/// `mizan twin`, `mizan evaluate` and `mizan select` bound their work before they start: at
/// the limit they run, past it they refuse with the figure and the limit,
/// and the environment variable raises it.
@Suite struct WorkLimitTests {
    static let mizan = RepositoryTests.root + "/.build/debug/mizan"

    /// A recording of `phones` phones, each heard from two tills over `seconds` seconds, in a folder
    /// of its own for each `test` (tests run in parallel).
    static func recording(seconds: Double, phones: Int = 1, test: String = #function) throws -> (folder: String, tills: String, trace: String) {
        let name = test.filter { $0.isLetter || $0.isNumber }
        let folder = ScratchFolder.path("work-limit-\(getpid())-\(name)-\(seconds)-\(phones)")
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "till,x,y,z\n1,0,0,1\n2,4,0,1\n".write(toFile: folder + "/tills.csv", atomically: true, encoding: .utf8)
        var rows = "t,phone,till,rssi,x,y,z\n"
        for phone in 0..<phones {
            for step in 0...Int(seconds * 2) {
                let t = min(Double(step) / 2, seconds)
                rows += "\(t),p\(phone),1,-60,1,0,1\n\(t),p\(phone),2,-70,1,0,1\n"
            }
        }
        try rows.write(toFile: folder + "/trace.csv", atomically: true, encoding: .utf8)
        try #"{ "radio": { "referenceRSSI": -60, "pathLossExponent": 2, "packetSigma": 2 } }"#
            .write(toFile: folder + "/radio.json", atomically: true, encoding: .utf8)
        return (folder, folder + "/tills.csv", folder + "/trace.csv")
    }

    static func environment(_ variable: String, _ value: String) -> [String: String] {
        ["PATH": "/usr/bin:/bin", variable: value]
    }

    @Test func twinRunsAtItsLimitAndRefusesPastItNamingBoth() throws {
        // One phone, 50 s (counted 51: a track counts a second more), two tills, one seed: 102 till-seconds.
        let at = try Self.recording(seconds: 50)
        defer { try? FileManager.default.removeItem(atPath: at.folder) }
        let arguments = ["twin", "--tills", at.tills, "--trace", at.trace, "--radio", at.folder + "/radio.json", "--out", at.folder + "/out"]
        let within = try runChildErrors(Self.mizan, arguments, environment: Self.environment("MIZAN_TWIN_LIMIT", "102"))
        #expect(within.status == 0, "\(within.errors)")
        let past = try runChildErrors(Self.mizan, arguments, environment: Self.environment("MIZAN_TWIN_LIMIT", "101"))
        #expect(past.status == 2)
        #expect(past.errors.contains("is 102 till-seconds to simulate, over the limit of 101"), "\(past.errors)")
        #expect(past.errors.contains("MIZAN_TWIN_LIMIT"))
    }

    /// With --compare the --fit-trace's tracks are simulated at every seed too: they count.
    @Test func twinCountsTheFitTracesTracksWhenItCompares() throws {
        let at = try Self.recording(seconds: 50)
        let fit = try Self.recording(seconds: 10, phones: 3)
        defer { try? FileManager.default.removeItem(atPath: at.folder); try? FileManager.default.removeItem(atPath: fit.folder) }
        // (51 x 2) + (33 x 2) till-seconds, at 2 seeds: 336.
        let arguments = ["twin", "--tills", at.tills, "--trace", at.trace, "--fit-trace", fit.trace, "--compare", "--seeds", "2"]
        let past = try runChildErrors(Self.mizan, arguments, environment: Self.environment("MIZAN_TWIN_LIMIT", "335"))
        #expect(past.status == 2)
        #expect(past.errors.contains("(30 phone-seconds and 3 tracks more, 2 simulations of both) is 336 till-seconds to simulate, over the limit of 335"),
                "\(past.errors)")
    }

    /// Tracks that record no time still cost a simulation and a fit each: they count a second each,
    /// so many one-instant tracks left out in turn are bounded too.
    @Test func twinCountsTracksOfNoRecordedTimeAsASecondEach() throws {
        // 30 tracks of one instant, two tills, --leave-one-out at 2 seeds (60 simulations): 3,600.
        let at = try Self.recording(seconds: 0, phones: 30)
        defer { try? FileManager.default.removeItem(atPath: at.folder) }
        let past = try runChildErrors(Self.mizan, ["twin", "--tills", at.tills, "--trace", at.trace, "--leave-one-out", "--seeds", "2"],
                                      environment: Self.environment("MIZAN_TWIN_LIMIT", "3599"))
        #expect(past.status == 2)
        #expect(past.errors.contains("(0 phone-seconds and 30 tracks, counted a second more each, 2 tills, 60 simulations of it) is 3600 till-seconds to simulate"),
                "\(past.errors)")
    }

    @Test func twinRefusesAMalformedLimit() throws {
        let at = try Self.recording(seconds: 5)
        defer { try? FileManager.default.removeItem(atPath: at.folder) }
        let answer = try runChildErrors(Self.mizan, ["twin", "--tills", at.tills, "--trace", at.trace, "--radio", at.folder + "/radio.json"],
                                        environment: Self.environment("MIZAN_TWIN_LIMIT", "lots"))
        #expect(answer.status == 2)
        #expect(answer.errors.contains("MIZAN_TWIN_LIMIT must be a number from 1, got 'lots'"), "\(answer.errors)")
    }

    @Test func evaluateRunsAtItsLimitAndRefusesPastIt() throws {
        // Three tracks of 10 s at --every 1: 13 sessions; 'mean' and the baseline 'strongest'.
        let at = try Self.recording(seconds: 10, phones: 3)
        defer { try? FileManager.default.removeItem(atPath: at.folder) }
        let arguments = ["evaluate", "--tills", at.tills, "--trace", at.trace, "--every", "1", "--family", "mean"]
        let refused = try runChildErrors(Self.mizan, arguments, environment: Self.environment("MIZAN_EVALUATE_LIMIT", "1"))
        #expect(refused.status == 2)
        let figure = try #require(refused.errors.firstMatch(of: /is (\d+) session scores, over the limit of 1/)).1
        let work = try #require(Int(figure))
        #expect(work > 13)
        let within = try runChildErrors(Self.mizan, arguments, environment: Self.environment("MIZAN_EVALUATE_LIMIT", String(work)))
        #expect(within.status == 0, "\(within.errors)")
        let past = try runChildErrors(Self.mizan, arguments, environment: Self.environment("MIZAN_EVALUATE_LIMIT", String(work - 1)))
        #expect(past.status == 2)
        #expect(past.errors.contains("MIZAN_EVALUATE_LIMIT"))
    }

    /// A replay's steps grow with the samples each session scores, not only with its sessions:
    /// `select`, `evaluate` (its trade-off too) and `twin`'s comparisons count them before they
    /// start, run at the limit and refuse past it.
    @Test(arguments: [["select"], ["evaluate", "--family", "mean"], ["twin", "--radio", "radio.json", "--compare", "--seeds", "2"]])
    func replaysCountTheirStepsAndRefusePastTheLimit(_ command: [String]) throws {
        let at = try Self.recording(seconds: 10, phones: 3, test: "replays-" + command.joined(separator: "-"))
        defer { try? FileManager.default.removeItem(atPath: at.folder) }
        let arguments = [command[0], "--tills", at.tills, "--trace", at.trace, "--every", "1"]
            + command.dropFirst().map { $0.hasSuffix(".csv") || $0.hasSuffix(".json") ? at.folder + "/" + $0 : $0 }
        let refused = try runChildErrors(Self.mizan, arguments, environment: Self.environment("MIZAN_REPLAY_LIMIT", "1"))
        #expect(refused.status == 2)
        #expect(refused.errors.contains("MIZAN_REPLAY_LIMIT"), "\(refused.errors)")
        let figure = try #require(refused.errors.firstMatch(of: /is (\d+) replay steps, over the limit of 1/)).1
        let work = try #require(Int(figure))
        if command == ["select"] {
            // 33 sessions (30 phone-seconds at --every 1, one more a phone), each asking at most 11 times and
            // ranking 2 tills; 126 samples, each scored by the sessions of the 10 s deadline and a window before it,
            // and once more; each of the 363 asks may call the strategy: a slot for each of the 2 ids and 64 steps of its own.
            #expect(work == 33 * 11 + 33 * 2 + 126 * (11 + 1) + 363 * (2 + 64))
        }
        let within = try runChildErrors(Self.mizan, arguments, environment: Self.environment("MIZAN_REPLAY_LIMIT", String(work)))
        #expect(within.status == 0, "\(within.errors)")
        let past = try runChildErrors(Self.mizan, arguments, environment: Self.environment("MIZAN_REPLAY_LIMIT", String(work - 1)))
        #expect(past.status == 2)
    }

    /// A fit correlates pairs of residuals near in place or time; leave one out fits once a track:
    /// the pairs are counted before any fit, and refused past the limit.
    @Test func twinCountsThePairsItsFitsCorrelate() throws {
        let at = try Self.recording(seconds: 10, phones: 3)
        defer { try? FileManager.default.removeItem(atPath: at.folder) }
        let arguments = ["twin", "--tills", at.tills, "--trace", at.trace, "--leave-one-out", "--seeds", "2"]
        let refused = try runChildErrors(Self.mizan, arguments, environment: Self.environment("MIZAN_FIT_LIMIT", "1"))
        #expect(refused.status == 2)
        let match = try #require(refused.errors.firstMatch(of: /fitted once for each of its 3 tracks\) is (\d+) pairs of residuals to correlate, over the limit of 1/))
        // Two tills, each heard 63 times at one x (every pair by place), and 6 series (phone, till) of 21 rows within 30 s (every pair by time).
        let pairs = 2 * (63 * 62 / 2) + 6 * (21 * 20 / 2)
        #expect(Int(match.1) == 3 * pairs)
        let within = try runChildErrors(Self.mizan, arguments, environment: Self.environment("MIZAN_FIT_LIMIT", String(3 * pairs)))
        #expect(!within.errors.contains("MIZAN_FIT_LIMIT"), "\(within.errors)")
    }

    /// `--tradeoff` scores its own sessions: they count against the evaluation's limit.
    @Test func evaluateCountsTheTradeOffsSessions() throws {
        let at = try Self.recording(seconds: 10, phones: 3)
        defer { try? FileManager.default.removeItem(atPath: at.folder) }
        func figure(_ extra: [String]) throws -> Int {
            let refused = try runChildErrors(Self.mizan, ["evaluate", "--tills", at.tills, "--trace", at.trace, "--family", "mean"] + extra,
                                             environment: Self.environment("MIZAN_EVALUATE_LIMIT", "1"))
            #expect(refused.status == 2)
            let match = try #require(refused.errors.firstMatch(of: /is (\d+) session scores, over the limit of 1/))
            return try #require(Int(match.1))
        }
        #expect(try figure(["--tradeoff", at.folder + "/tradeoff.csv"]) > figure([]))
    }

    /// Everything is worked out before anything is written: phones that stand still give the
    /// trade-off's position-based bases no walk to calibrate on, and no output is left behind.
    @Test func evaluateWhoseTradeOffCannotBeFittedWritesNothing() throws {
        let at = try Self.recording(seconds: 10, phones: 3)
        defer { try? FileManager.default.removeItem(atPath: at.folder) }
        let outputs = ["csv", "json", "tradeoff"].map { at.folder + "/out-" + $0 }
        let answer = try runChildErrors(Self.mizan, ["evaluate", "--tills", at.tills, "--trace", at.trace, "--every", "1", "--family", "mean",
                                                     "--csv", outputs[0], "--json", outputs[1], "--tradeoff", outputs[2]],
                                        environment: ["PATH": "/usr/bin:/bin"])
        #expect(answer.status != 0)
        #expect(answer.errors.contains("the walk has no spread in distance"), "\(answer.errors)")
        for path in outputs { #expect(!FileManager.default.fileExists(atPath: path), "\(path)") }
    }

    /// A position-based decision weighs every cell of its map, which grows with the area the tills
    /// span, against each sample of its window: `mizan select` and `mizan evaluate` count that work
    /// before they start, run at the limit and refuse past it, and a till placed far off makes it
    /// larger by the cells it adds.
    @Test(arguments: [["select", "--strategy", "position"], ["evaluate", "--family", "position"]])
    func positionBasedReplaysCountTheCellsTheirMapsWeighAndRefusePastTheLimit(_ command: [String]) throws {
        let at = try Self.recording(seconds: 10, phones: 3, test: "positionBased-" + command[0])
        defer { try? FileManager.default.removeItem(atPath: at.folder) }
        // Phones walking between the tills, so that a calibration can be fitted on them.
        var rows = "t,phone,till,rssi,x,y,z\n"
        for phone in 0..<3 {
            for step in 0...20 {
                let x = 0.5 + 3 * Double(step) / 20, y = Double(phone) / 2
                for (till, tillX) in [(1, 0.0), (2, 4.0)] {
                    let distance = ((x - tillX) * (x - tillX) + y * y).squareRoot()
                    rows += "\(Double(step) / 2),p\(phone),\(till),\(Int((-60 - 20 * log10(distance)).rounded()) - step % 3),\(x),\(y),1\n"
                }
            }
        }
        try rows.write(toFile: at.trace, atomically: true, encoding: .utf8)
        let walk = command[0] == "select" ? ["--walk", at.trace] : []
        let arguments = [command[0], "--tills", at.tills, "--trace", at.trace, "--every", "1"] + Array(command.dropFirst()) + walk
        func figure(_ tills: String) throws -> Int {
            let refused = try runChildErrors(Self.mizan, arguments.map { $0 == at.tills ? tills : $0 }, environment: Self.environment("MIZAN_MAP_LIMIT", "1"))
            #expect(refused.status == 2)
            #expect(refused.errors.contains("MIZAN_MAP_LIMIT"), "\(refused.errors)")
            let match = try #require(refused.errors.firstMatch(of: /is (\d+) cell-samples weighed, over the limit of 1/))
            return try #require(Int(match.1))
        }
        let work = try figure(at.tills)
        let within = try runChildErrors(Self.mizan, arguments, environment: Self.environment("MIZAN_MAP_LIMIT", String(work)))
        #expect(within.status == 0, "\(within.errors)")
        let past = try runChildErrors(Self.mizan, arguments, environment: Self.environment("MIZAN_MAP_LIMIT", String(work - 1)))
        #expect(past.status == 2)
        // A third till 100 m off: the map spans 102 m by 102 m (42,025 cells) rather than 6 m by 2 m (65).
        let far = at.folder + "/far-tills.csv"
        try "till,x,y,z\n1,0,0,1\n2,4,0,1\n3,100,100,1\n".write(toFile: far, atomically: true, encoding: .utf8)
        let farWork = try figure(far)
        #expect(farWork > 500 * work, "\(farWork) against \(work)")
    }

    /// `mizan rssi-experiment` counts the most packets its sessions can draw (every till's on every
    /// channel until the deadline), and what its position-based cells weigh, before any cell runs:
    /// at each limit it runs, one below it refuses; a shorter interval counts more.
    @Test func anExperimentRunsAtItsLimitsAndRefusesPastThem() throws {
        let folder = ScratchFolder.path("work-limit-experiment-\(getpid())")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let plan = folder + "/exp.json"
        try #"{"seeds": 3, "tills": 5, "tillSpacing": [1, 2], "strategies": [{"name": "mean"}, {"name": "position"}]}"#
            .write(toFile: plan, atomically: true, encoding: .utf8)
        let arguments = ["rssi-experiment", plan, "--csv", folder + "/out.csv"]
        // 4 cells x 3 seeds x 5 tills x 300 packets (three channels every 100 ms until the 10 s deadline).
        let counted = try runChildErrors(Self.mizan, arguments, environment: Self.environment("MIZAN_EXPERIMENT_LIMIT", "17999"))
        #expect(counted.status == 2)
        #expect(counted.errors.contains("(4 cells x 3 seeds x 5 tills x each till's packets until the deadline) is 18000 till-packets, over the limit of 17999"),
                "\(counted.errors)")
        // Advertising every 20 ms: five times as many packets (the 10 s window is the deadline's).
        let heavy = folder + "/heavy.json"
        try #"{"seeds": 3, "tills": 5, "tillSpacing": [1, 2], "scanWindow": [10], "radio": {"advertisingInterval": 0.02}, "strategies": [{"name": "mean"}]}"#
            .write(toFile: heavy, atomically: true, encoding: .utf8)
        let heavier = try runChildErrors(Self.mizan, ["rssi-experiment", heavy, "--csv", folder + "/heavy.csv"], environment: Self.environment("MIZAN_EXPERIMENT_LIMIT", "44999"))
        #expect(heavier.errors.contains("is 45000 till-packets, over the limit of 44999"), "\(heavier.errors)")
        let mapped = try runChildErrors(Self.mizan, arguments, environment: Self.environment("MIZAN_MAP_LIMIT", "1"))
        #expect(mapped.status == 2)
        let match = try #require(mapped.errors.firstMatch(of: /its position-based cells, is (\d+) cell-samples weighed/), "\(mapped.errors)")
        let work = try #require(Int(match.1))
        var both = Self.environment("MIZAN_EXPERIMENT_LIMIT", "18000")
        both["MIZAN_MAP_LIMIT"] = String(work)
        #expect(try runChildErrors(Self.mizan, arguments, environment: both).status == 0)
        both["MIZAN_MAP_LIMIT"] = String(work - 1)
        #expect(try runChildErrors(Self.mizan, arguments, environment: both).status == 2)
    }
}
