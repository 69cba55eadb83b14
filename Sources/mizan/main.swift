#if canImport(Glibc)
import Glibc
#endif

/// `mizan`: the command line of Mizan Floor.
let usage = """
usage: mizan <command> [options]

commands:
  run      run a floor and print how its transactions ended
  lanes    run the rehearsal lanes: each ending against a scripted peer, with the log audit
  regress  rerun a regression over many seeds (drop-mid-handshake)
  help     show this help

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
        case "lanes": return try LanesCommand.main(arguments)
        case "regress": return try RegressCommand.main(arguments)
        case "help", "--help", "-h":
            print(usage)
            return 0
        default:
            printError("mizan: unknown command '\(command)'\n\n\(usage)")
            return 2
        }
    } catch let error as UsageError {
        printError(error.description)
        return 2
    } catch {
        printError("mizan \(command): \(error)")
        return 1
    }
}

exit(mizanMain())
