import MizanFormats
import MizanRecordings

/// What a command's failure means for its exit status: 2 for bad input (the
/// call, a JSON file, a data file), 1 for anything else.
enum ExitStatus {
    static func of(_ error: any Error) -> Int32 {
        switch error {
        case is UsageError, is JSONFileError, is InputError, is CalibrationError: 2
        default: 1
        }
    }
}
