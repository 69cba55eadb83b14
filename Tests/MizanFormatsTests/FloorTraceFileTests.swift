import Foundation
import MizanSim
import Testing
@testable import MizanFormats
import MizanTestSupport

/// A floor trace is read as it streams in and refused unless it is whole.
@Suite struct FloorTraceFileTests {
    /// A trace as `mizan run` writes it: three events, then the end record counting four lines.
    static let whole: [String] = {
        var lines: [String] = []
        let writer = TraceWriter { lines.append($0) }
        writer.write(FloorEvent(at: .milliseconds(1), .operatorLocks(till: 0, phone: 0, by: nil)))
        writer.write(FloorEvent(at: .milliseconds(2), .payerTapsStart(phone: 0)))
        writer.write(FloorEvent(at: .milliseconds(3), .tillEnded(till: 0, .paid)))
        FloorTraceFile.end(writer, at: .milliseconds(3), run: TraceIdentity(floor: "0123456789abcdef", seed: UInt64.max))
        return lines
    }()

    static func file(_ text: String) throws -> String {
        let path = ScratchFolder.path("mizan-trace-\(UUID().uuidString).jsonl")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func refusal(_ text: String) throws -> String? {
        let path = try file(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            try FloorTraceFile.read(path) { _ in }
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aWholeTraceIsReadEventByEventWithoutItsEndRecord() throws {
        let path = try Self.file(Self.whole.map { $0 + "\n" }.joined())
        var events: [String] = []
        try FloorTraceFile.read(path) { events.append("\($0.device) \($0.event)") }
        #expect(events == ["till-1 operator locks", "phone-1 payer taps Start", "till-1 ended"])
    }

    @Test func theEndRecordNamesTheRunExactlyEvenASeedPastTwoToThe53() throws {
        #expect(Self.whole.last == #"{"t":3000,"device":"floor","event":"end of trace","lines":4,"floor":"0123456789abcdef","seed":"18446744073709551615"}"#)
        let path = try Self.file(Self.whole.map { $0 + "\n" }.joined())
        #expect(try FloorTraceFile.read(path) { _ in } == TraceIdentity(floor: "0123456789abcdef", seed: UInt64.max))
    }

    @Test func anEndRecordWhoseSeedIsNotASeedIsRefusedNamingIt() throws {
        let edited = Self.whole.map { $0.replacingOccurrences(of: #""seed":"18446744073709551615""#, with: #""seed":"18446744073709551616""#) }
        let refusal = try Self.refusal(edited.map { $0 + "\n" }.joined())
        #expect(refusal?.hasSuffix(":4: the end record's seed '18446744073709551616' is not a whole number from 0 to 18446744073709551615") == true,
                "\(refusal ?? "read")")
    }

    @Test func aWholeTraceWithoutItsLastNewlineIsRead() throws {
        let path = try Self.file(Self.whole.joined(separator: "\n"))
        var count = 0
        #expect(try FloorTraceFile.read(path) { _ in count += 1 } != nil)
        #expect(count == 3)
    }

    @Test func aTraceWithCRLFLineEndsIsReadAlike() throws {
        let path = try Self.file(Self.whole.map { $0 + "\r\n" }.joined())
        var count = 0
        try FloorTraceFile.read(path) { _ in count += 1 }
        #expect(count == 3)
    }

    @Test func aTraceCutOffBeforeItsEndRecordIsRefusedAsIncomplete() throws {
        let message = try #require(try Self.refusal(Self.whole.dropLast().map { $0 + "\n" }.joined()))
        #expect(message.contains("incomplete trace: no end record; the run was interrupted?"), "\(message)")
    }

    @Test func aTraceCutInTheMiddleOfALineIsRefused() throws {
        let text = Self.whole.map { $0 + "\n" }.joined()
        let message = try #require(try Self.refusal(String(text.dropLast(20))))
        #expect(message.contains(":4: not a trace event"), "\(message)")
    }

    @Test func anEmptyTraceIsIncomplete() throws {
        let message = try #require(try Self.refusal(""))
        #expect(message.contains("incomplete trace"), "\(message)")
    }

    @Test func aLostLineIsFoundByTheEndRecordsCount() throws {
        var lines = Self.whole
        lines.remove(at: 1)
        let message = try #require(try Self.refusal(lines.map { $0 + "\n" }.joined()))
        #expect(message.contains("the end record counts 4 lines, the file has 3"), "\(message)")
    }

    @Test func anEventAfterTheEndRecordIsRefused() throws {
        let message = try #require(try Self.refusal((Self.whole + [Self.whole[0]]).map { $0 + "\n" }.joined()))
        #expect(message.contains(":5: an event after the end record on line 4"), "\(message)")
    }

    @Test(arguments: [#"{"t":1e21,"device":"till-1","event":"x"}"#, #"{"t":-5,"device":"till-1","event":"x"}"#,
                      #"{"t":1.5,"device":"till-1","event":"x"}"#, #"{"t":"1","device":"till-1","event":"x"}"#, "not json"])
    func aLineThatIsNotAnEventIsRefusedWithoutATrap(line: String) throws {
        let message = try #require(try Self.refusal(line + "\n" + Self.whole.joined(separator: "\n") + "\n"))
        #expect(message.contains(":1: not a trace event"), "\(message)")
    }

    @Test func timeGoingBackIsRefused() throws {
        var lines = Self.whole
        lines.swapAt(0, 1)
        let message = try #require(try Self.refusal(lines.map { $0 + "\n" }.joined()))
        #expect(message.contains(":2: t goes back in time"), "\(message)")
    }

    @Test func aFileWithoutLineEndsStopsAtTheLineLimit() throws {
        do {
            try FloorTraceFile.read("/dev/zero") { _ in }
            Issue.record("read /dev/zero")
        } catch {
            #expect(error.reason.contains("a line longer than \(LineReader.maximumLineBytes) bytes"), "\(error)")
        }
    }
}
