/// The text of a string or cell that comes in pieces (around escapes and doubled quotes, or cut by a refill),
/// gathered in storage that one value leaves to the next. Past `RawValue.maximumStringBytes` the text is no longer
/// kept, only its length counted: such a value is reported by its size, never held.
struct TextPieces {
    private var bytes: [UInt8] = []
    /// The length of the text so far, in UTF-8 bytes, whether it is kept or not.
    private(set) var byteCount = 0
    /// Whether the text is kept: asked for, not too long and, for a CSV cell, UTF-8.
    private(set) var isKept = false

    init() {
        bytes.reserveCapacity(256)
    }

    /// Starts the text of the next value, which is kept when `keeping`.
    mutating func start(keeping: Bool) {
        bytes.removeAll(keepingCapacity: true)
        byteCount = 0
        isKept = keeping
    }

    mutating func append(_ piece: UnsafeBufferPointer<UInt8>) {
        let room = RawValue.maximumStringBytes &- byteCount
        byteCount &+= piece.count
        guard isKept else { return }
        guard piece.count > room else { return bytes.append(contentsOf: piece) }
        // The start is kept all the same, for `prefix`, wherever a refill cut the text.
        bytes.append(contentsOf: piece.prefix(max(room, 0)))
        isKept = false
    }

    mutating func append(_ byte: UInt8) {
        byteCount &+= 1
        if keeps() { bytes.append(byte) }
    }

    /// Appends the UTF-8 bytes of `scalar`, as an escape gives it.
    mutating func append(_ scalar: Unicode.Scalar) {
        byteCount &+= UTF8.width(scalar)
        if keeps() { UTF8.encode(scalar) { bytes.append($0) } }
    }

    /// Stops keeping the text, which cannot be kept (it is not UTF-8); its length is still counted.
    mutating func drop() {
        isKept = false
    }

    /// The text, nil when it is not kept.
    var text: String? { isKept ? String(decoding: bytes, as: UTF8.self) : nil }

    /// The first `count` bytes kept, as text, for a message that quotes the start of a value.
    func prefix(_ count: Int) -> String {
        String(decoding: bytes.prefix(count), as: UTF8.self)
    }

    /// Whether the text with what was just counted is still kept.
    private mutating func keeps() -> Bool {
        if isKept && byteCount > RawValue.maximumStringBytes { isKept = false }
        return isKept
    }
}
