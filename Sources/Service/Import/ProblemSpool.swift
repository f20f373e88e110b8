import Glibc
import RosterFormats

/// The problems of an import beyond those it keeps in memory, written to a temporary file as JSON lines, so that a
/// report can list every one of a million without holding them. The file has no name: it goes when closed.
final class ProblemSpool: @unchecked Sendable {
    // Written by the importing thread only; read once the import is over.
    private var file: UnsafeMutablePointer<FILE>?
    private(set) var count = 0

    deinit {
        if let file { fclose(file) }
    }

    /// Adds `problem`; a problem that cannot be spooled (no temporary space) is counted but not listed.
    func append(_ problem: RecordProblem) {
        count += 1
        if file == nil { file = tmpfile() }
        guard let file else { return }
        var line = problem.jsonObject + "\n"
        line.withUTF8 { bytes in _ = fwrite(bytes.baseAddress, 1, bytes.count, file) }
    }

    /// Calls `body` with each spooled problem's JSON object, in order.
    func forEach(_ body: (String) throws -> Void) throws {
        guard let file else { return }
        fflush(file)
        rewind(file)
        var buffer = [CChar](repeating: 0, count: 1 << 16)
        var line = ""
        while fgets(&buffer, Int32(buffer.count), file) != nil {
            line += buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            guard line.hasSuffix("\n") else { continue }
            line.removeLast()
            try body(line)
            line = ""
        }
        fseek(file, 0, SEEK_END)
    }
}
