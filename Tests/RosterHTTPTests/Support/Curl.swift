import Foundation

/// Runs curl with `arguments` and returns what it printed; throws when it fails or is missing (`.ci/run`
/// installs it).
func runCurl(_ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw CurlFailure(
            description: "curl exited \(process.terminationStatus): "
                + String(decoding: message, as: UTF8.self))
    }
    return String(decoding: data, as: UTF8.self)
}

struct CurlFailure: Error, CustomStringConvertible {
    let description: String
}
