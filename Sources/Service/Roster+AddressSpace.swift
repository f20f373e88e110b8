import Glibc

extension Roster {
    /// Memory an import needs beyond what an open roster holds: the input buffer (1 MiB), the reading thread's
    /// stack (1 MiB), the batches in flight, and SQLite's page cache (2 MiB), with room to spare.
    static let importMemory = 6 << 20

    /// Throws `notEnoughMemory` when `bytes` of address space cannot be had now (under `ulimit -v`). A failed
    /// allocation half-way through an import ends the process (Swift cannot recover from one); refused at the
    /// start, the import ends with a message instead.
    static func ensureAddressSpace(_ bytes: Int) throws {
        guard hasAddressSpace(bytes) else { throw ImportError.notEnoughMemory(neededBytes: bytes) }
    }

    /// Whether `bytes` of address space can be had now: false only under an address-space limit (`ulimit -v`)
    /// that leaves less. Only address space is asked for, no memory.
    public static func hasAddressSpace(_ bytes: Int) -> Bool {
        let region = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
        guard let region, region != UnsafeMutableRawPointer(bitPattern: -1) else { return false }  // MAP_FAILED
        munmap(region, bytes)
        return true
    }
}
