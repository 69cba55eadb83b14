import MizanSim
#if canImport(Glibc)
import Glibc
#endif

/// `mizan`: the command line of Mizan Floor.
let usage = """
usage: mizan <command> [options]

commands:
  run             run a floor and print how its transactions ended
  replay          print every event of one transaction of a run
  sweep           run a grid of floor values times seeds on every core
  merge           join sweep shards into what the unsharded sweep writes
  rssi-experiment nearest-till accuracy on simulated rows of tills (CSV, SVG)
  select          replay a recorded RSSI trace with a selection strategy
  evaluate        leave-one-track-out accuracy of every selection strategy on a trace
  import          convert a recorded RSSI dataset (danis) to trace format v1
  calibrate       fit the path-loss model to a recorded RSSI trace
  twin            simulate a recorded room (digital twin) and compare it with the recording
  lanes           run the rehearsal lanes: each ending against a scripted peer, with the log audit
  regress         rerun a regression over many seeds (drop-mid-handshake)
  help            show this help

Every command answers --help.
"""

func mizanMain() -> Int32 {
    var arguments = Array(CommandLine.arguments.dropFirst())
    guard let command = arguments.first else {
        printError(usage)
        return 2
    }
    arguments.removeFirst()
    do {
        switch command {
        case "run": return try RunCommand.main(arguments)
        case "replay": return try ReplayCommand.main(arguments)
        case "sweep": return try SweepCommand.main(arguments)
        case "merge": return try MergeCommand.main(arguments)
        case "rssi-experiment": return try ExperimentCommand.main(arguments)
        case "select": return try SelectCommand.main(arguments)
        case "evaluate": return try EvaluateCommand.main(arguments)
        case "import": return try ImportCommand.main(arguments)
        case "calibrate": return try CalibrateCommand.main(arguments)
        case "twin": return try TwinCommand.main(arguments)
        case "lanes": return try LanesCommand.main(arguments)
        case "regress": return try RegressCommand.main(arguments)
        case "help", "--help", "-h":
            print(usage)
            return 0
        default:
            printError("mizan: unknown command '\(command)'\n\n\(usage)")
            return 2
        }
    } catch {
        printError(error is UsageError ? "\(error)" : "mizan \(command): \(error)")
        return ExitStatus.of(error)
    }
}

exit(mizanMain())
