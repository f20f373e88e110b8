import Glibc

/// The `main` of a plain build: feeds each file named on the command line (or each file of a folder named there)
/// to the target's entry point, as libFuzzer does with `-runs=0`, for machines where libFuzzer cannot run.
@main
enum ReplayDriver {
    static func main() {
        var count = 0
        for path in CommandLine.arguments.dropFirst() {
            for file in files(at: path) {
                guard let bytes = contents(of: file) else {
                    fputs("cannot read \(file)\n", stderr)
                    exit(1)
                }
                _ = bytes.withUnsafeBufferPointer { fuzzOneInput($0.baseAddress, $0.count) }
                count += 1
            }
        }
        print("Replayed \(count) inputs without a crash")
    }

    /// `path` itself, or the regular files in it when it is a folder, in name order.
    static func files(at path: String) -> [String] {
        guard let directory = opendir(path) else { return [path] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if !name.hasPrefix(".") { names.append(path + "/" + name) }
        }
        return names.sorted()
    }

    static func contents(of path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            bytes.append(contentsOf: buffer[..<count])
            if count < buffer.count { return ferror(file) == 0 ? bytes : nil }
        }
    }
}
