/// A response body produced piece by piece while it is sent, so that a body of any size takes flat memory.
///
/// The server asks for the next piece each time the connection can take more, on the thread of the worker that
/// made the response, and calls `close()` exactly once when it is done with the body: after the last piece was
/// sent, or when the client went away, the connection timed out, the server stopped, or `read` threw. A HEAD
/// request is answered without asking for any piece.
package protocol HTTPBodyStream: AnyObject {
    /// Writes the next bytes of the body at the start of `buffer` (at most `buffer.count`) and returns how many;
    /// 0 ends the body. Throwing cuts the response off: the client sees an incomplete body, never a complete one.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int

    /// Releases what the body holds (a statement, a file); called once, whether or not the body was sent whole.
    func close()
}
