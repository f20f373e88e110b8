import Foundation
import PackagePlugin

/// Embeds the package's SQL files into the target that needs them, so the built binary carries its schema and
/// sample roster and works when copied alone to another directory.
@main
struct EmbedSQL: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard target.name == "RosterRepository" else { return [] }
        let root = context.package.directoryURL
        // The folder, not the files listed now: SwiftPM runs this plugin again only when the package's own files
        // change, so a migration added later would be missing from a list made here. The folder's modification time
        // changes when a file is added, removed or renamed in it, and each file's when it is edited; the embedder
        // lists the folder when it runs.
        let folder = root.appending(path: "Migrations")
        let migrations =
            [folder]
            + (try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "sql" })
        let seed = root.appending(path: "seed.sql")
        // Each type with what the embedder reads, and what the build watches: a changed input runs it again.
        let embedded: [(typeName: String, sources: [URL], inputs: [URL])] = [
            ("EmbeddedMigrations", [folder], migrations),
            ("EmbeddedSampleRoster", [seed], [seed]),
        ]
        return try embedded.map { typeName, sources, inputs in
            let output = context.pluginWorkDirectoryURL.appending(path: "\(typeName).swift")
            return .buildCommand(
                displayName:
                    "Embedding the SQL of \(sources.map(\.lastPathComponent).joined(separator: ", ")) as \(typeName)",
                executable: try context.tool(named: "SQLEmbedder").url,
                arguments: [typeName, output.path] + sources.map(\.path),
                inputFiles: inputs,
                outputFiles: [output]
            )
        }
    }
}
