import Glibc

// Runs a program and reports its peak memory, for the end-to-end tests:
//
//     PeakMemory REPORT PROGRAM [ARGUMENT...]
//
// PROGRAM inherits this process's folder, environment and standard streams, and its arguments byte for byte.
// REPORT gets one line: the program's peak resident set in KiB, its exit code (-1 when a signal ended it) and
// the signal (0 for none).
//
// Why a process of its own: Linux keeps a process's peak memory across exec, counting the memory the process had
// before it, and a child spawned with posix_spawn (vfork) has its parent's. A child of the test process would
// report the test process's peak; a child of this small process reports its own.

/// Writes `message` to standard error and exits with `status`.
func fail(_ message: String, status: Int32 = 127) -> Never {
    let text = "PeakMemory: \(message)\n"
    _ = text.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    exit(status)
}

let arguments = CommandLine.unsafeArgv
guard CommandLine.argc >= 3, let reportPath = arguments[1], let program = arguments[2] else {
    fail("usage: PeakMemory REPORT PROGRAM [ARGUMENT...]", status: 64)
}
var pid = pid_t()
let spawned = posix_spawn(&pid, program, nil, nil, arguments + 2, environ)
guard spawned == 0 else {
    fail("cannot run \(String(cString: program)): \(String(cString: strerror(spawned)))")
}
var status: Int32 = 0
var usage = rusage()
while wait4(pid, &status, 0, &usage) < 0 {
    guard errno == EINTR else { fail("wait4: \(String(cString: strerror(errno)))") }
}
// A peak of 0 KiB would let every memory limit the tests check pass without measuring anything: a run always has
// some memory, so none reported means the rusage was not filled in. Refused like every other failure here, with a
// message and status 127 that the tests' reader of the report turns into a failed test, not a crash trace.
guard usage.ru_maxrss > 0 else { fail("wait4 reported no peak memory for \(String(cString: program))") }
// WIFSIGNALED and WEXITSTATUS are macros Swift cannot import; these are their glibc definitions.
let signal = status & 0x7F
let line = "\(usage.ru_maxrss) \(signal == 0 ? (status >> 8) & 0xFF : -1) \(signal)\n"
guard let report = fopen(reportPath, "w"), fputs(line, report) >= 0, fclose(report) == 0 else {
    fail("cannot write \(String(cString: reportPath))")
}
exit(0)
