import RosterModel

/// A stream of raw records from one input file, read in bounded memory whatever the file's size.
package protocol RecordReader {
    /// The next record, or nil at the end of the input. After a recoverable error the next call goes on with the
    /// following record; after any other error it returns nil.
    mutating func next() throws(ReadError) -> RawRecord?

    /// Bytes consumed from the input so far, for progress reports.
    var bytesRead: Int { get }
}

/// The formats `import` reads.
package enum InputFormat: String, CaseIterable, Sendable {
    case json, ndjson, csv

    /// The format a file name's extension names (`.json`, `.ndjson`/`.jsonl`, `.csv`/`.tsv`), if any.
    package init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: ".") else { return nil }
        switch fileName[fileName.index(after: dot)...].lowercased() {
        case "json": self = .json
        case "ndjson", "jsonl": self = .ndjson
        case "csv", "tsv": self = .csv
        default: return nil
        }
    }

    /// Why a file named as this format cannot be that format, judging by its first non-blank byte: a JSON array
    /// saved as `.ndjson`, JSON saved as `.csv`. Nil when the byte does not contradict the name.
    package func contradiction(firstNonBlankByte byte: UInt8?) -> String? {
        let sniffed = InputFormat(sniffing: byte)
        // A JSON file may be one object holding its records (`--records`): its reader tells that from NDJSON.
        guard let byte, sniffed != self, sniffed != .csv, self != .json else { return nil }
        let content = sniffed == .json ? "a JSON array" : "NDJSON (one JSON object a line)"
        return "the file name says \(self.name), but the file starts with '\(Unicode.Scalar(byte))', as \(content) "
            + "does; to read it as \(sniffed.name), give --format \(sniffed.rawValue)"
    }

    /// How messages name the format.
    var name: String {
        switch self {
        case .json: "a JSON array"
        case .ndjson: "NDJSON"
        case .csv: "CSV"
        }
    }

    /// The format the first non-blank byte suggests: `[` a JSON array, `{` NDJSON, anything else CSV.
    package init(sniffing firstNonBlankByte: UInt8?) {
        switch firstNonBlankByte {
        case UInt8(ascii: "["): self = .json
        case UInt8(ascii: "{"): self = .ndjson
        default: self = .csv
        }
    }
}

/// The reader for `format`, reading from `source`; a CSV file's cells are separated by `delimiter`, and its header
/// goes through `headerCheck` (see `CSVReader`); JSON's records and nested values are where `paths` says.
package func makeRecordReader(
    _ format: InputFormat, source: ByteSource, delimiter: UInt8 = .comma, paths: JSONPaths = JSONPaths(),
    headerCheck: @escaping ([String]) -> String? = { _ in nil }
) -> any RecordReader {
    switch format {
    case .json: JSONArrayReader(source: source, paths: paths)
    case .ndjson: NDJSONReader(source: source, paths: paths)
    case .csv: CSVReader(source: source, delimiter: delimiter, headerCheck: headerCheck)
    }
}
