import CSystem
import Glibc

extension Roster {
    /// Memory any work on an open roster may need: SQLite's page cache (2 MiB), the output buffer, the rows in
    /// flight (a table's window of rows, say), with room to spare.
    static let openMemory = 4 << 20
    /// Memory an import needs: the input buffer (1 MiB), the reading thread's stack (1 MiB), the batches in flight,
    /// and SQLite's page cache (2 MiB), with room to spare.
    static let importMemory = 6 << 20

    /// Throws `NotEnoughMemory` when `bytes` of address space cannot be had now (under `ulimit -v`), naming `work`.
    static func ensureAddressSpace(_ bytes: Int, for work: String) throws {
        guard hasAddressSpace(bytes) else { throw NotEnoughMemory(work: work, neededBytes: bytes) }
    }

    /// Whether the process runs under an address-space limit (`ulimit -v`): read once, as rosterdb never changes it.
    package static let addressSpaceIsLimited: Bool = {
        var limit = rlimit()
        return getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0 && limit.rlim_cur != rlim_t.max
    }()

    /// Whether `bytes` of address space can be had now: false only under an address-space limit (`ulimit -v`)
    /// that leaves less. Only address space is asked for, no memory; without a limit, nothing is asked.
    package static func hasAddressSpace(_ bytes: Int) -> Bool {
        guard addressSpaceIsLimited else { return true }
        let region = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
        guard let region, region != UnsafeMutableRawPointer(bitPattern: -1) else { return false }  // MAP_FAILED
        munmap(region, bytes)
        return true
    }

    /// Gives the memory freed so far back to the system. The allocator keeps what a burst of work freed (the page
    /// caches of a server's streams: 120 MB after 260 at once) for later use, and a server would hold it for good;
    /// returning it costs a walk over the free memory, so a server calls this when a burst of such work has ended.
    package static func returnFreedMemory() {
        malloc_trim(0)
    }
}
