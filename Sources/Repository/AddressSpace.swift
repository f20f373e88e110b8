import Glibc

/// The address space the process may still map, under an address-space limit (`ulimit -v`). A Swift allocation that
/// fails ends the process, so work that needs memory asks first and is refused, or done another way, with room left.
public enum AddressSpace {
    /// Whether `bytes` more of address space can be had now: mapped (without reserving memory) and given back.
    public static func isFree(_ bytes: Int) -> Bool {
        let region = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
        guard let region, region != UnsafeMutableRawPointer(bitPattern: -1) else { return false }  // MAP_FAILED
        munmap(region, bytes)
        return true
    }
}
