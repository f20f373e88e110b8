#ifndef ROSTERDB_CGNUTLS_STUBS_H
#define ROSTERDB_CGNUTLS_STUBS_H

// This target has no interface: GnuTLSStubs.c only defines the GnuTLS symbols that libmicrohttpd.a references,
// for the static link of the release binary.

#endif
