import Foundation
import Testing
@testable import mizan
import MizanTestSupport

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

    /// The Jobs name the image `mizan-floor`, which the kustomization maps to
    /// what the user sets (in one place, whatever they set it to); the
    /// Containerfile builds it with mizan on the path, for a user that is not root.
    @Test func theJobsImageIsTheOneTheContainerfileBuildsAndIsSetInOnePlace() throws {
        let kustomization = try Self.read("deploy/kustomization.yaml")
        for resource in ["results-claim.yaml", "sweep-job.yaml", "merge-job.yaml"] {
            #expect(kustomization.contains("  - \(resource)"), "\(resource)")
            #expect(FileManager.default.fileExists(atPath: Self.root + "/deploy/" + resource))
        }
        #expect(kustomization.contains("images:\n  - name: mizan-floor\n"))
        for path in ["deploy/sweep-job.yaml", "deploy/merge-job.yaml"] {
            let job = try Self.read(path)
            #expect(job.contains("image: mizan-floor\n"), "\(path) names the image the kustomization sets")
            #expect(job.contains("runAsNonRoot: true") && job.contains("restartPolicy: Never"), "\(path)")
        }
        let containerfile = try Self.read("Containerfile")
        #expect(containerfile.contains("-t mizan-floor:latest"))
        #expect(containerfile.contains("COPY --from=build /out/mizan /usr/local/bin/mizan"))
        #expect(containerfile.contains("USER mizan"))
        #expect(try Self.flowList(after: "command:", in: try Self.read("deploy/sweep-job.yaml")).first == "mizan")
    }

    /// The results claim is shared by pods on several nodes: ReadWriteMany; a
    /// deterministic failure (exit 1 or 2) fails the Job instead of being retried.
    @Test func theClaimIsSharedAndADeterministicFailureIsNotRetried() throws {
        #expect(try Self.read("deploy/results-claim.yaml").contains("accessModes: [ReadWriteMany]"))
        let job = try Self.read("deploy/sweep-job.yaml")
        #expect(job.contains("action: FailJob") && job.contains("values: [1, 2]"))
        #expect(job.contains("requests: { cpu: \"2\""))
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
        // `COPY examples/*.json /sweeps/`: the folder of the pattern.
        let folder = copy.source.hasSuffix("*.json") ? String(copy.source.dropLast("*.json".count)) : copy.source
        let inRepository = folder + options.path.dropFirst(copy.destination.count)
        #expect(FileManager.default.fileExists(atPath: Self.root + "/" + inRepository), "\(inRepository)")
        // The output goes to a volume the Job mounts and declares.
        let out = options.out ?? ""
        #expect(job.contains("mountPath: /results") && out.hasPrefix("/results/"))
        #expect(job.contains("- name: results") && job.contains("{ name: results, mountPath: /results }"))
    }

    @Test func theMergeCommandsTheDeployFilesGiveParse() throws {
        for path in ["deploy/merge-job.yaml", "deploy/sweep.slurm"] {
            var line = try #require(try Self.read(path).split(separator: "\n").first { $0.contains("mizan merge ") && $0.contains("--out") }, "\(path)")
            // The merge Job's command: the shell's last command, the merge.
            if let merge = line.range(of: "mizan merge") { line = line[merge.lowerBound...] }
            let words = line.replacingOccurrences(of: "\"]", with: "").split(separator: " ").map(String.init)
            let index = try #require(words.firstIndex { $0.hasSuffix("mizan") })
            #expect(words[index + 1] == "merge")
            let options = try MergeCommand.parse(Array(words[(index + 2)...]))
            #expect(options.out?.hasSuffix("/sweep.jsonl") == true, "\(path)")
        }
    }

    /// Runs deploy/sweep.slurm as Slurm would for array task `task`, with a
    /// `mizan` that prints its arguments: the exit status and what it was given.
    static func slurmTask(_ task: String) throws -> (status: Int32, arguments: [String]) {
        let folder = ScratchFolder.path("slurm-\(task)-\(getpid())")
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder + "/.build/release", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "#!/bin/sh\necho \"$@\"\n".write(toFile: folder + "/.build/release/mizan", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder + "/.build/release/mizan")
        let (status, text) = try runChild("/bin/bash", [root + "/deploy/sweep.slurm"], in: folder,
                                          environment: ["SLURM_ARRAY_TASK_ID": task, "PATH": "/usr/bin:/bin"])
        return (status, text.split(whereSeparator: \.isWhitespace).map(String.init))
    }

    /// Task K runs shard K + 1 of the script's count, whatever the array
    /// (stepped, listed, or one task re-run alone: `sbatch --array=3`), and
    /// its command parses as `mizan sweep` reads it, naming a sweep that exists.
    @Test func theSlurmScriptRunsEachArrayTasksOwnShardWhateverTheArray() throws {
        for task in ["0", "3", "5", "9"] {
            let run = try Self.slurmTask(task)
            #expect(run.status == 0, "task \(task)")
            #expect(run.arguments.first == "sweep")
            let options = try SweepCommand.parse(Array(run.arguments.dropFirst()), environment: [:])
            #expect(options.shard.description == "\(Int(task)! + 1)/10", "task \(task)")
            #expect(options.out == "results/shard-\(task).jsonl")
            #expect(FileManager.default.fileExists(atPath: Self.root + "/" + options.path), "\(options.path)")
        }
        #expect(try Self.slurmTask("10").status == 2, "a task past the shard count is refused")
        // .build/release/mizan is what the README's `swift build -c release` makes.
        #expect(try Self.read("README.md").contains("swift build -c release"))
    }

    @Test func aSweepCommandWithAMistakeIsRefusedByTheSameRules() {
        #expect(throws: UsageError.self) { try SweepCommand.parse(["x.json", "--shard-count", "10"], environment: [:]) }
        #expect(throws: UsageError.self) { try SweepCommand.parse(["x.json", "--shards", "2"], environment: [:]) }
        #expect(throws: UsageError.self) { try MergeCommand.parse(["--out", "x.jsonl"]) }
    }
}
