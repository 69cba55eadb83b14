import Foundation
import Testing
@testable import mizan
import MizanTestSupport

/// `mizan run`, `replay` and `sweep` refuse bad input with a clear error and exit status 2.
@Suite struct RunCommandTests {
    static func failure(_ body: () throws -> Int32) -> (status: Int32, message: String)? {
        do {
            _ = try body()
            return nil
        } catch {
            return (ExitStatus.of(error), "\(error)")
        }
    }

    static func file(_ text: String) throws -> String {
        let path = ScratchFolder.path("mizan-\(UUID().uuidString).json")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func anUnknownOptionIsAUsageError() {
        let failure = Self.failure { try RunCommand.main(["--sed", "3"]) }
        #expect(failure?.status == 2)
        #expect(failure?.message == "mizan run: unknown option '--sed'")
        #expect(Self.failure { try SweepCommand.main(["s.json", "--shard", "4/3"]) }?.status == 2)
        #expect(Self.failure { try ReplayCommand.main([]) }?.status == 2)
    }

    @Test func aBadValueIsAUsageError() {
        #expect(Self.failure { try RunCommand.main(["--seed", "minus one"]) }?.message
            == "mizan run: --seed expects a whole number from 0 to 18446744073709551615, got 'minus one'")
    }

    @Test func anInvalidFloorFileNamesTheFileAndTheFieldAndExitsWithTwo() throws {
        let path = try Self.file(#"{"tills": {"row": {"count": 2}}, "payers": {"arrivals": "pairs", "review": [1, 2]}}"#)
        let failure = Self.failure { try RunCommand.main([path]) }
        #expect(failure?.status == 2)
        #expect(failure?.message.contains(path) == true)
        #expect(failure?.message.contains("payers.review") == true)
    }

    @Test func aMissingFloorFileExitsWithTwo() {
        let failure = Self.failure { try RunCommand.main(["/nonexistent/floor.json"]) }
        #expect(failure?.status == 2)
        #expect(failure?.message.contains("/nonexistent/floor.json") == true)
    }

    @Test func fewerPayersThanTillsIsAUsageError() {
        let failure = Self.failure { try RunCommand.main(["--tills", "5", "--payers", "3"]) }
        #expect(failure?.status == 2)
        #expect(failure?.message.contains("--payers 3 is fewer than the floor's 5 tills") == true)
    }

    @Test func aShardCountOutsideAnIndexedJobIsAUsageError() throws {
        let sweep = try Self.file(#"{"floor": {"minutes": 0.1, "tills": {"row": {"count": 1}}, "payers": {"arrivals": "pairs"}}, "seeds": 1}"#)
        #expect(Self.failure { try SweepCommand.main([sweep, "--shard-count", "3"]) }?.status == 2)
        #expect(Self.failure { try SweepCommand.main([sweep, "--shard", "1/3", "--shard-count", "3"]) }?.status == 2)
    }
}
