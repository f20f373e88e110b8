/// What a store hands the rows of a read to (`PlayerReading.forEachRow`), each as it lies in the store. A protocol
/// rather than a closure because `append` is generic: the store's own row type reaches the writer as itself, with
/// no box and no look-up of its type a row.
package protocol PlayerRowSink {
    /// The next row, valid during the call only.
    mutating func append<Row: PlayerValues>(_ row: Row) throws
}
