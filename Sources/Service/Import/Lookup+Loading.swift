import Glibc
import RosterFormats
import RosterModel

extension Lookup {
    /// The lookup's file read into its table, before the import writes anything: a file that cannot be opened or
    /// read is an input that cannot be (66), columns it lacks are a usage error (64), a key with two meanings is
    /// invalid data (65).
    func load(stop: StopSignal) throws -> LookupTable {
        let input = try InputFile(opening: file, standardInput: -1, stop: stop)
        defer { input.finishReading() }
        let source = ByteSource(descriptor: try input.openForReading(), stop: stop)
        do {
            let format = try InputFormat(fileName: file) ?? InputFormat(sniffing: source.firstNonBlankByte())
            var reader = makeRecordReader(format, source: source, delimiter: CSVDelimiter.implied(by: file).byte)
            return try table(from: &reader)
        } catch let error as ReadError {
            if error.kind == .stopped { throw Interrupted() }
            throw ImportError.unreadable(file: file, reason: "\(error.location): \(error.message)")
        } catch LookupRefused.missingColumns(let missing, let found) {
            throw ImportError.missingColumns(
                file: file, missing: missing, found: found, options: "--lookup \(field.name)")
        } catch LookupRefused.twoMeanings(let reason) {
            throw ImportError.lookupRefused(file: file, reason: reason)
        }
    }
}
