extension [UInt8] {
    /// Adds `bytes` to the text gathered here, whose length with them is `total`. Returns false, and empties the
    /// array, once that length passes `RawValue.maximumStringBytes`: such a value is reported by its size, never held.
    mutating func keep(_ bytes: UnsafeBufferPointer<UInt8>, total: Int) -> Bool {
        guard total <= RawValue.maximumStringBytes else {
            removeAll(keepingCapacity: true)
            return false
        }
        append(contentsOf: bytes)
        return true
    }

    /// The same for one byte.
    mutating func keep(_ byte: UInt8, total: Int) -> Bool {
        guard total <= RawValue.maximumStringBytes else {
            removeAll(keepingCapacity: true)
            return false
        }
        append(byte)
        return true
    }
}
