import Foundation
import MizanFormats
import MizanSim
import Testing
@testable import mizan
import MizanTestSupport

/// `mizan replay --trace` reads the run's recorded trace as it streams in, and
/// only a whole trace of the same run.
@Suite struct ReplayTraceTests {
    static let floor = #"{"minutes": 0.5, "tills": {"row": {"count": 1}}, "payers": {"arrivals": "pairs"}}"#

    static func recordedTrace(seed: Int) throws -> (floor: String, trace: String) {
        let floor = try RunCommandTests.file(Self.floor)
        let trace = ScratchFolder.path("mizan-trace-\(UUID().uuidString).jsonl")
        #expect(try RunCommand.main([floor, "--seed", String(seed), "--trace", trace]) == 0)
        return (floor, trace)
    }

    @Test func aWholeTraceOfTheRunIsReplayed() throws {
        let run = try Self.recordedTrace(seed: 3)
        #expect(try ReplayCommand.main(["--floor", run.floor, "--seed", "3", "--transaction", "1", "--trace", run.trace]) == 0)
    }

    @Test func aTraceWithoutItsEndRecordIsRefusedAsIncomplete() throws {
        let run = try Self.recordedTrace(seed: 3)
        let lines = try String(contentsOfFile: run.trace, encoding: .utf8).split(separator: "\n")
        try (lines.dropLast().joined(separator: "\n") + "\n").write(toFile: run.trace, atomically: true, encoding: .utf8)
        let failure = RunCommandTests.failure {
            try ReplayCommand.main(["--floor", run.floor, "--seed", "3", "--transaction", "1", "--trace", run.trace])
        }
        #expect(failure?.status == 2)
        #expect(failure?.message.contains("incomplete trace: no end record; the run was interrupted?") == true, "\(failure?.message ?? "accepted")")
    }

    @Test func aTraceOfAnotherRunIsRefused() throws {
        let run = try Self.recordedTrace(seed: 3)
        let failure = RunCommandTests.failure {
            try ReplayCommand.main(["--floor", run.floor, "--seed", "4", "--transaction", "1", "--trace", run.trace])
        }
        #expect(failure?.status == 2)
        #expect(failure?.message == "\(run.trace): not the trace of this run: it is of seed 3, and this replay runs seed 4; give --seed 3", "\(failure?.message ?? "accepted")")
    }

    @Test func aTraceOfAnotherFloorWithAsManyEventsIsRefused() throws {
        let run = try Self.recordedTrace(seed: 3)
        // The same floor under another name: the same events, but not the floor the trace was of.
        let renamed = try RunCommandTests.file(Self.floor.replacingOccurrences(of: "{", with: #"{"name": "renamed", "#, options: [], range: Self.floor.range(of: "{")))
        let failure = RunCommandTests.failure {
            try ReplayCommand.main(["--floor", renamed, "--seed", "3", "--transaction", "1", "--trace", run.trace])
        }
        #expect(failure?.status == 2)
        #expect(failure?.message.contains("not the trace of this run: it is of another floor (digest ") == true, "\(failure?.message ?? "accepted")")
        let overridden = RunCommandTests.failure {
            try ReplayCommand.main(["--floor", run.floor, "--seed", "3", "--minutes", "0.5", "--transaction", "1", "--trace", run.trace])
        }
        #expect(overridden?.message.contains("it is of another floor") == true, "\(overridden?.message ?? "accepted")")
    }

    @Test func aTraceWhoseOnlyDefectIsAMissingLastNewlineIsReplayed() throws {
        let run = try Self.recordedTrace(seed: 3)
        let text = try String(contentsOfFile: run.trace, encoding: .utf8)
        try String(text.dropLast()).write(toFile: run.trace, atomically: true, encoding: .utf8)
        #expect(try ReplayCommand.main(["--floor", run.floor, "--seed", "3", "--transaction", "1", "--trace", run.trace]) == 0)
    }

    /// Edits the recorded trace's line `number` (from 1) by `edit`, and returns the replay's refusal.
    static func replayRefusal(editingLine number: Int, _ edit: (String) -> String) throws -> (message: String, line: String) {
        let run = try Self.recordedTrace(seed: 3)
        var lines = try String(contentsOfFile: run.trace, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines[number - 1] != edit(lines[number - 1]), "the edit changes the line")
        let original = lines[number - 1]
        lines[number - 1] = edit(lines[number - 1])
        try (lines.joined(separator: "\n") + "\n").write(toFile: run.trace, atomically: true, encoding: .utf8)
        let failure = RunCommandTests.failure {
            try ReplayCommand.main(["--floor", run.floor, "--seed", "3", "--transaction", "1", "--trace", run.trace])
        }
        #expect(failure?.status == 2)
        return (failure?.message ?? "accepted", original)
    }

    @Test func anEditedEventLineIsRefusedNamingItsLineAndTheRunsEvent() throws {
        // An event's time moved on by a microsecond, with the same number of lines and the same end record.
        let refusal = try Self.replayRefusal(editingLine: 5) { line in
            guard let range = line.range(of: #"^\{"t":[0-9]+"#, options: .regularExpression) else { return line }
            let time = Int(line[range].dropFirst(5))!
            return line.replacingCharacters(in: range, with: #"{"t":\#(time + 1)"#)
        }
        #expect(refusal.message.contains(":5: not this run's event (an edited trace, or one another build wrote): the run gives \(refusal.line)"),
                "\(refusal.message)")
    }

    @Test func anEventWithAnEditedFieldIsRefused() throws {
        let refusal = try Self.replayRefusal(editingLine: 3) { $0.replacingOccurrences(of: #""screen":"broadcasting""#, with: #""screen":"keypad""#) }
        #expect(refusal.message.contains(":3: not this run's event"), "\(refusal.message)")
    }

    @Test func twoEventsOfOneInstantSwappedAreRefusedAtTheFirst() throws {
        let run = try Self.recordedTrace(seed: 3)
        var lines = try String(contentsOfFile: run.trace, encoding: .utf8).split(separator: "\n").map(String.init)
        let time: (String) -> Substring? = { $0.split(separator: ",").first }
        let first = try #require((1..<lines.count - 1).first { time(lines[$0]) == time(lines[$0 + 1]) && lines[$0] != lines[$0 + 1] })
        lines.swapAt(first, first + 1)
        try (lines.joined(separator: "\n") + "\n").write(toFile: run.trace, atomically: true, encoding: .utf8)
        let failure = RunCommandTests.failure {
            try ReplayCommand.main(["--floor", run.floor, "--seed", "3", "--transaction", "1", "--trace", run.trace])
        }
        #expect(failure?.message.contains(":\(first + 1): not this run's event") == true, "\(failure?.message ?? "accepted")")
    }

    @Test func anEventLineReformattedWithTheSameMeaningIsAccepted() throws {
        let run = try Self.recordedTrace(seed: 3)
        var lines = try String(contentsOfFile: run.trace, encoding: .utf8).split(separator: "\n").map(String.init)
        lines[1] = lines[1].replacingOccurrences(of: ",", with: ", ")
        try (lines.joined(separator: "\n") + "\n").write(toFile: run.trace, atomically: true, encoding: .utf8)
        #expect(try ReplayCommand.main(["--floor", run.floor, "--seed", "3", "--transaction", "1", "--trace", run.trace]) == 0)
    }

    @Test func aTraceThatEndsBeforeTheRunIsRefusedAtItsEndRecord() throws {
        let run = try Self.recordedTrace(seed: 3)
        var lines = try String(contentsOfFile: run.trace, encoding: .utf8).split(separator: "\n").map(String.init)
        // The last event gone, and the end record counting the lines that are left: a whole trace, a line short.
        lines.remove(at: lines.count - 2)
        lines[lines.count - 1] = lines[lines.count - 1].replacingOccurrences(of: #""lines":\#(lines.count + 1)"#, with: #""lines":\#(lines.count)"#)
        try (lines.joined(separator: "\n") + "\n").write(toFile: run.trace, atomically: true, encoding: .utf8)
        let failure = RunCommandTests.failure {
            try ReplayCommand.main(["--floor", run.floor, "--seed", "3", "--transaction", "1", "--trace", run.trace])
        }
        #expect(failure?.message.hasPrefix("\(run.trace):\(lines.count): the trace's events end at its end record here, after \(lines.count - 1), and the run goes on: its next is {") == true,
                "\(failure?.message ?? "accepted")")
    }

    @Test func aTraceWithAnEventPastTheRunsLastIsRefusedAtIt() throws {
        let run = try Self.recordedTrace(seed: 3)
        var lines = try String(contentsOfFile: run.trace, encoding: .utf8).split(separator: "\n").map(String.init)
        // The last event twice, and the end record counting it.
        lines.insert(lines[lines.count - 2], at: lines.count - 1)
        lines[lines.count - 1] = lines[lines.count - 1].replacingOccurrences(of: #""lines":\#(lines.count - 1)"#, with: #""lines":\#(lines.count)"#)
        try (lines.joined(separator: "\n") + "\n").write(toFile: run.trace, atomically: true, encoding: .utf8)
        let failure = RunCommandTests.failure {
            try ReplayCommand.main(["--floor", run.floor, "--seed", "3", "--transaction", "1", "--trace", run.trace])
        }
        #expect(failure?.message == "\(run.trace):\(lines.count - 1): an event the run does not give: the run ended after its \(lines.count - 2) events",
                "\(failure?.message ?? "accepted")")
    }

    @Test func theEndRecordNamesTheRunsFloorAndSeed() throws {
        let run = try Self.recordedTrace(seed: 3)
        let description = try FloorOptions(path: run.floor).load(command: "test").description
        let last = try #require(try String(contentsOfFile: run.trace, encoding: .utf8).split(separator: "\n").last)
        #expect(last.hasSuffix(#","floor":"\#(TextDigest.fnv1a(description))","seed":"3"}"#), "\(last)")
        #expect(try FloorTraceFile.read(run.trace) { _ in } == TraceIdentity(describing: description, seed: 3))
    }
}

/// A transaction of the phone alone (it reached a till busy with another) is
/// the phone's and, of the till it chose, only the events that name it.
@Suite struct ReplayBusyTillTests {
    @Test func aPhoneThatReachedABusyTillIsReplayedWithThatTillsEventsNamingIt() throws {
        var (plan, description) = try FloorOptions(path: DeployFilesTests.root + "/examples/far-and-busy.json").load(command: "test")
        plan.duration = .seconds(60)
        let report = try Floor(plan: plan, seed: 2).run()
        let number = try #require(report.ledger.settled.indices.first { index in
            let record = report.ledger.settled[index]
            return record.host == nil && record.pair.phone?.screen.rawValue == "till busy"
        }, "the run has a phone that reached a busy till") + 1
        let identity = TraceIdentity(describing: description, seed: 2)
        let transaction = try #require(try ReplayCommand.replay(plan, run: identity, number: number, tracePath: nil)).1
        let chosen = try #require(transaction.tillChosen)
        #expect(transaction.till == chosen.name && transaction.tillDevice == nil)
        let tillEvents = transaction.events.filter { $0.device == chosen.name }
        #expect(tillEvents.contains { $0.event == "sends" && $0.string("frame") == "busy" && $0.string("to") == transaction.phone },
                "\(transaction.events.map { "\($0.device) \($0.event) \($0.details)" })")
        let phoneNumber = "phone=\(try #require(transaction.phoneDevice).number)"
        for event in tillEvents {
            let details = event.details
            #expect(details.contains(transaction.phone) || details.contains(phoneNumber), "\(event.event) \(details)")
        }
    }
}

/// A part of the regression's table (one seed, one drop) is printed, and written only where `--out` says.
@Suite struct RegressPartTests {
    @Test func aOneCaseRegressionWithoutOutWritesNoTable() throws {
        let refusal = RunCommandTests.failure { try RegressCommand.main(["drop-mid-handshake", "--seed", "1", "--drop", "nope"]) }?.message ?? ""
        let label = try #require(refusal.components(separatedBy: "expected one of: ").last?.components(separatedBy: ", ").first)
        let here = FileManager.default.currentDirectoryPath + "/drop-mid-handshake.csv"
        let before = FileManager.default.fileExists(atPath: here)
        #expect(try RegressCommand.main(["drop-mid-handshake", "--seed", "1", "--drop", label]) == 0)
        let written = !before && FileManager.default.fileExists(atPath: here)
        if written {
            try? FileManager.default.removeItem(atPath: here)
            try? FileManager.default.removeItem(atPath: FileManager.default.currentDirectoryPath + "/drop-mid-handshake.svg")
        }
        #expect(!written, "a one-case run wrote the table into the current folder")
        let folder = ScratchFolder.path("mizan-regress-part-\(UUID().uuidString)")
        #expect(try RegressCommand.main(["drop-mid-handshake", "--seed", "1", "--drop", label, "--out", folder + "/"]) == 0)
        #expect(FileManager.default.fileExists(atPath: folder + "/drop-mid-handshake.csv"))
    }
}

/// Every trace a command writes ends with its end record, so a reader can tell it is whole.
@Suite struct TraceEndRecordTests {
    @Test func aRegressionRunsTraceEndsWithItsEndRecord() throws {
        let refusal = RunCommandTests.failure { try RegressCommand.main(["drop-mid-handshake", "--seed", "1", "--drop", "nope"]) }?.message ?? ""
        let label = try #require(refusal.components(separatedBy: "expected one of: ").last?.components(separatedBy: ", ").first)
        let folder = ScratchFolder.path("mizan-regress-\(UUID().uuidString)")
        let trace = folder + "-trace.jsonl"
        #expect(try RegressCommand.main(["drop-mid-handshake", "--seed", "1", "--drop", label, "--trace", trace, "--out", folder]) == 0)
        var events = 0
        try FloorTraceFile.read(trace) { _ in events += 1 }
        #expect(events > 0)
    }
}

/// Without `--trace`, `mizan replay` keeps the transaction's typed events as
/// the run records them: the same events its recorded trace gives.
@Suite struct ReplayTypedEventsTests {
    @Test(arguments: [1, 2, 3])
    func theRunsTypedEventsAreTheEventsOfItsRecordedTrace(number: Int) throws {
        let run = try ReplayTraceTests.recordedTrace(seed: 3)
        let (plan, description) = try FloorOptions(path: run.floor).load(command: "test")
        let identity = TraceIdentity(describing: description, seed: 3)
        let typed = try #require(try ReplayCommand.replay(plan, run: identity, number: number, tracePath: nil)).1
        let recorded = try #require(try ReplayCommand.replay(plan, run: identity, number: number, tracePath: run.trace)).1
        let words: (TransactionTrace) -> [String] = { $0.events.map { "\($0.time) \($0.device) \($0.event) \($0.details)" } }
        #expect(words(typed).count > 5)
        #expect(words(typed) == words(recorded))
        #expect((typed.till, typed.phone) == (recorded.till, recorded.phone))
    }
}
