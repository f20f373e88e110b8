import Foundation
import PackagePlugin

/// Embeds the package's SQL files into the target that needs them, so the built binary carries its schema and
/// sample roster and works when copied alone to another directory.
@main
struct EmbedSQL: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let typeName: String
        let inputs: [URL]
        switch target.name {
        case "RosterRepository":
            typeName = "EmbeddedMigrations"
            let folder = root.appending(path: "Migrations")
            inputs = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "sql" }
                .sorted { $0.lastPathComponent < $1.lastPathComponent }
        case "RosterService":
            typeName = "EmbeddedSampleRoster"
            inputs = [root.appending(path: "seed.sql")]
        default:
            return []
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "\(typeName).swift")
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) SQL file(s) as \(typeName)",
                executable: try context.tool(named: "SQLEmbedder").url,
                arguments: [typeName, output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
