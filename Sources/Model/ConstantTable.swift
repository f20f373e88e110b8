/// A table made once and kept for the life of the process, read without touching a reference count.
///
/// For the few constant tables that every thread of a server reads for every value it writes (the keys of a player's
/// JSON, the position codes): reading a shared `static let` array retains and releases it, and two cores counting
/// references to the same array at once spend more time passing its cache line to each other than reading it.
package struct ConstantTable<Element>: @unchecked Sendable {
    /// The elements, never freed and never written after `init`.
    package let elements: UnsafeBufferPointer<Element>

    package init(_ elements: [Element]) {
        let storage = UnsafeMutableBufferPointer<Element>.allocate(capacity: elements.count)
        _ = storage.initialize(from: elements)
        self.elements = UnsafeBufferPointer(storage)
    }

    @inlinable package var count: Int { elements.count }

    @inlinable package subscript(index: Int) -> Element { elements[index] }
}

/// Byte strings made once and kept for the life of the process, read without touching a reference count (see
/// `ConstantTable`): one after the other, each found by its number.
package struct ConstantPieces: Sendable {
    @usableFromInline let bytes: ConstantTable<UInt8>
    /// Where each piece begins in `bytes`, and the end of the last.
    @usableFromInline let starts: ConstantTable<Int>

    package init(_ pieces: [[UInt8]]) {
        var starts = [0]
        for piece in pieces { starts.append(starts[starts.count - 1] + piece.count) }
        bytes = ConstantTable(pieces.flatMap { $0 })
        self.starts = ConstantTable(starts)
    }

    @inlinable package var count: Int { starts.count - 1 }

    @inlinable package subscript(index: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes.elements[starts[index]..<starts[index + 1]])
    }
}
