import Foundation
import PackagePlugin

/// Gives the target it is applied to `PageAssets`: the text of every file in
/// its `Report/Page` folder (the report page's HTML, script and style, kept as
/// files that HTML and script tools read), embedded in the binary when the
/// target is built and again whenever one of them changes, so that a static
/// binary writes its pages with no file beside it.
@main
struct PageAssets: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "Sources/\(target.name)/Report/Page")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
        let files = names.map { folder.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "PageAssets.swift")
        return [.buildCommand(displayName: "Embedding the report page's files",
                              executable: try context.tool(named: "PageAssetsTool").url,
                              arguments: [output.path] + files.map(\.path),
                              inputFiles: files, outputFiles: [output])]
    }
}
