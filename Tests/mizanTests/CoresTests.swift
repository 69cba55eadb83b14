import Foundation
import Testing

/// `--jobs` defaults to the cores the process may run on (its CPU affinity,
/// as `taskset` or a Slurm allocation sets it), not the machine's count.
@Suite struct CoresTests {
    @Test func jobsDefaultToTheCoresTheProcessMayRunOnUnderTaskset() throws {
        let bench = RepositoryTests.root + "/.build/debug/mizan-bench"
        #expect(FileManager.default.isExecutableFile(atPath: bench), "swift test builds mizan-bench")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/taskset")
        process.arguments = ["-c", "0", bench, "W1", "--scale", "0.001"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let last = try #require(text.split(separator: "\n").last)
        #expect(last.contains(#""jobs":1,"#), "one core allowed: \(last)")
    }
}
