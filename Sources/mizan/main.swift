import MizanSim
#if canImport(Glibc)
import Glibc
#endif

/// `mizan`: the command line of Mizan Floor. One table names every command,
/// says what it does (for the usage) and runs it.
let commands: [(name: String, summary: String, main: ([String]) throws -> Int32)] = [
    ("run", "run a floor and print how its transactions ended", RunCommand.main),
    ("replay", "print every event of one transaction of a run", ReplayCommand.main),
    ("sweep", "run a grid of floor values times seeds on every core", SweepCommand.main),
    ("merge", "join sweep shards into what the unsharded sweep writes", MergeCommand.main),
    ("rssi-experiment", "nearest-till accuracy on simulated rows of tills (CSV, SVG)", ExperimentCommand.main),
    ("select", "replay a recorded RSSI trace with a selection strategy", SelectCommand.main),
    ("evaluate", "leave-one-track-out accuracy of every selection strategy on a trace", EvaluateCommand.main),
    ("import", "convert a recorded RSSI dataset (danis) to trace format v1", ImportCommand.main),
    ("calibrate", "fit the path-loss model to a recorded RSSI trace", CalibrateCommand.main),
    ("twin", "simulate a recorded room (digital twin) and compare it with the recording", TwinCommand.main),
    ("lanes", "run the rehearsal lanes: each ending against a scripted peer, with the log audit", LanesCommand.main),
    ("regress", "rerun a regression over many seeds (drop-mid-handshake)", RegressCommand.main),
    ("soak", "random floors with random faults in child processes; shrinks a failure", SoakCommand.main),
]

let usage = """
usage: mizan <command> [options]

commands:
\(commands.map { "  " + $0.name + String(repeating: " ", count: max(1, 16 - $0.name.count)) + $0.summary }.joined(separator: "\n"))
  help            show this help

Every command answers --help.
"""

@MainActor
func mizanMain() -> Int32 {
    var arguments = Array(CommandLine.arguments.dropFirst())
    guard let command = arguments.first else {
        printError(usage)
        return 2
    }
    arguments.removeFirst()
    if ["help", "--help", "-h"].contains(command) {
        print(usage)
        return 0
    }
    guard let run = commands.first(where: { $0.name == command })?.main else {
        printError("mizan: unknown command '\(command)'\n\n\(usage)")
        return 2
    }
    do {
        return try run(arguments)
    } catch {
        printError(error is UsageError ? "\(error)" : "mizan \(command): \(error)")
        return ExitStatus.of(error)
    }
}

exit(mizanMain())
