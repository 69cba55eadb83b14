import Foundation
import Testing
@testable import mizan

/// The cluster files run as written: every path they name exists (in the
/// repository, in the image the Containerfile builds, or in a volume the Job
/// declares), and every mizan command they hold parses by mizan's own rules.
@Suite struct DeployFilesTests {
    static let root: String = {
        var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3) // Tests/mizanTests/DeployFilesTests.swift
        return parts.joined(separator: "/")
    }()

    static func read(_ path: String) throws -> String {
        try String(contentsOfFile: root + "/" + path, encoding: .utf8)
    }

    /// The strings of a one-line or wrapped YAML flow list `key: ["a", "b", ...]`.
    static func flowList(after key: String, in text: String) throws -> [String] {
        let start = try #require(text.range(of: key + " ["))
        let end = try #require(text[start.upperBound...].firstIndex(of: "]"))
        let body = String(text[start.upperBound..<end])
        return body.split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
    }

    /// Where the Containerfile's final stage puts things: `COPY src/ /dst/` lines.
    static func imageCopies() throws -> [(source: String, destination: String)] {
        let text = try Self.read("Containerfile")
        let finalStage = try #require(text.components(separatedBy: "\nFROM ").last)
        return finalStage.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ").map(String.init)
            guard words.first == "COPY", words.count == 3 else { return nil }
            return (words[1], words[2])
        }
    }

    @Test func theJobsImageIsTheOneTheContainerfileBuildsAndPutsMizanOnThePath() throws {
        let job = try Self.read("deploy/sweep-job.yaml")
        #expect(job.contains("image: mizan-floor:latest"))
        let containerfile = try Self.read("Containerfile")
        #expect(containerfile.contains("-t mizan-floor:latest"))
        #expect(containerfile.contains("COPY --from=build /out/mizan /usr/local/bin/mizan"))
        #expect(try Self.flowList(after: "command:", in: job).first == "mizan")
    }

    @Test func theJobsSweepCommandParsesAndEveryPathItNamesExists() throws {
        let job = try Self.read("deploy/sweep-job.yaml")
        let command = try Self.flowList(after: "command:", in: job)
        #expect(command.count > 2 && command[1] == "sweep")
        let arguments = command.dropFirst(2).map { $0.replacingOccurrences(of: "$(JOB_COMPLETION_INDEX)", with: "3") }
        let options = try SweepCommand.parse(Array(arguments), environment: ["JOB_COMPLETION_INDEX": "3"])
        #expect(options.shard.description == "4/10")
        // The sweep file comes from the image: a COPY of a repository folder.
        let copies = try Self.imageCopies()
        let copy = try #require(copies.first { options.path.hasPrefix($0.destination) })
        let inRepository = copy.source + options.path.dropFirst(copy.destination.count)
        #expect(FileManager.default.fileExists(atPath: Self.root + "/" + inRepository), "\(inRepository)")
        // The output goes to a volume the Job mounts and declares.
        let out = options.out ?? ""
        #expect(job.contains("mountPath: /results") && out.hasPrefix("/results/"))
        #expect(job.contains("- name: results") && job.contains("{ name: results, mountPath: /results }"))
    }

    @Test func theMergeCommandsTheDeployFilesGiveParse() throws {
        for path in ["deploy/sweep-job.yaml", "deploy/sweep.slurm"] {
            let line = try #require(try Self.read(path).split(separator: "\n").first { $0.contains("mizan merge") }, "\(path)")
            let words = line.split(separator: " ").map(String.init)
            let index = try #require(words.firstIndex { $0.hasSuffix("mizan") })
            #expect(words[index + 1] == "merge")
            let options = try MergeCommand.parse(Array(words[(index + 2)...]))
            #expect(options.out?.hasSuffix("/sweep.jsonl") == true, "\(path)")
        }
    }

    @Test func theSlurmScriptsCommandParsesAndNamesFilesThatExist() throws {
        let script = try Self.read("deploy/sweep.slurm")
        let line = try #require(script.split(separator: "\n").first { $0.hasPrefix(".build/release/mizan sweep") })
        let words = line.replacingOccurrences(of: "\"", with: "")
            .replacingOccurrences(of: "${SLURM_ARRAY_TASK_ID}", with: "0")
            .split(separator: " ").map(String.init)
        let slurm = ["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_COUNT": "10"]
        let options = try SweepCommand.parse(Array(words.dropFirst(2)), environment: slurm)
        #expect(options.shard.description == "1/10")
        #expect(FileManager.default.fileExists(atPath: Self.root + "/" + options.path), "\(options.path)")
        #expect(options.out == "results/shard-0.jsonl" && script.contains("mkdir -p results"))
        // .build/release/mizan is what the README's `swift build -c release` makes.
        #expect(try Self.read("README.md").contains("swift build -c release"))
    }

    @Test func aSweepCommandWithAMistakeIsRefusedByTheSameRules() {
        #expect(throws: UsageError.self) { try SweepCommand.parse(["x.json", "--shard-count", "10"], environment: [:]) }
        #expect(throws: UsageError.self) { try SweepCommand.parse(["x.json", "--shards", "2"], environment: [:]) }
        #expect(throws: UsageError.self) { try MergeCommand.parse(["--out", "x.jsonl"]) }
    }
}
