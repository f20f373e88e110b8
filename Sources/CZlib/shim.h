#ifndef ROSTERDB_CZLIB_SHIM_H
#define ROSTERDB_CZLIB_SHIM_H

#include <zlib.h>

// deflateInit2 is a macro that passes the library's version and the stream's size, which Swift cannot import. A
// window of 15 bits plus 16 asks for the gzip wrapper (RFC 1952) instead of zlib's.
static inline int czlib_deflate_init_gzip(z_stream *stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}

#endif
