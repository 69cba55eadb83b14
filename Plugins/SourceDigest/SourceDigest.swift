import Foundation
import PackagePlugin

/// Gives the target it is applied to `SourceTree.digest`: a digest of the
/// package's sources (every file of every target but the tests, and
/// Package.swift), computed when the target is built and again whenever one
/// of them changes. It depends on the tree alone: where the tree is, whether
/// it is a git checkout, and how it is linked (static or dynamic) change nothing.
@main
struct SourceDigest: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        var files = [root.appending(path: "Package.swift")]
        for target in context.package.targets {
            guard let module = target as? SourceModuleTarget, module.kind != .test else { continue }
            files += module.sourceFiles.map(\.url)
        }
        files.sort { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appending(path: "SourceTree.swift")
        return [.buildCommand(displayName: "Digest of the package's sources",
                              executable: try context.tool(named: "SourceDigestTool").url,
                              arguments: [root.path, output.path] + files.map(\.path),
                              inputFiles: files, outputFiles: [output])]
    }
}
