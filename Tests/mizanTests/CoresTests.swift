import Foundation
import Testing

/// `--jobs` defaults to the cores the process may run on (its CPU affinity,
/// as `taskset` or a Slurm allocation sets it), not the machine's count.
@Suite struct CoresTests {
    @Test func jobsDefaultToTheCoresTheProcessMayRunOnUnderTaskset() throws {
        let bench = RepositoryTests.root + "/.build/debug/mizan-bench"
        #expect(FileManager.default.isExecutableFile(atPath: bench), "swift test builds mizan-bench")
        let (status, text) = try runChild("/usr/bin/taskset", ["-c", "0", bench, "W1", "--scale", "0.001"])
        #expect(status == 0)
        let last = try #require(text.split(separator: "\n").last)
        #expect(last.contains(#""jobs":1,"#), "one core allowed: \(last)")
    }
}
