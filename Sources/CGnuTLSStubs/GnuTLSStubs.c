// GnuTLS entry points for the static release binary, which serves plain HTTP only.
//
// Debian's libmicrohttpd.a is built with HTTPS through GnuTLS, so daemon.o, connection.o, connection_https.o and
// mhd_send.o reference the 37 gnutls_* symbols below. GnuTLS itself cannot be linked statically (Debian ships no
// static p11-kit or libunistring), so a `-static-executable` link needs these definitions instead.
//
// Why none of them but the first two ever runs:
// - gnutls_global_init and gnutls_global_deinit are called, unconditionally, by libmicrohttpd's library
//   constructor and destructor (MHD_init and MHD_fini in daemon.c, which ignore the result). They do nothing here
//   and report success.
// - Every other call site in libmicrohttpd 0.9.75 is guarded by the daemon flag MHD_USE_TLS, by a connection's
//   TLS session (created only by gnutls_init, itself under MHD_USE_TLS), or sits in a callback that is installed
//   only under MHD_USE_TLS (the TLS receive, send and handshake handlers of connection_https.c, the PSK adapter,
//   the TLS upgrade forwarding). rosterdb never sets MHD_USE_TLS (see HTTPServer's flags; a test reads the flags
//   of a running daemon back) and never passes an HTTPS option.
// Should one be reached anyway, it stops the process with a message naming it rather than pretend to be TLS.
//
// Only the static release link defines them (ROSTERDB_GNUTLS_STUBS, set for release builds in Package.swift, the
// configuration that links with -static-executable). Debug builds link the shared libmicrohttpd and the real
// GnuTLS, which these must not shadow, so there this file compiles to nothing. The prototypes come from GnuTLS's
// own headers (a dependency of libmicrohttpd-dev), so a stub that drifted from the real signature would not build.

#ifdef ROSTERDB_GNUTLS_STUBS

#include <gnutls/abstract.h>
#include <gnutls/gnutls.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/// Stops the process: a TLS function was called in a build that has no TLS.
__attribute__((noreturn, cold)) static void tls_unavailable(const char *function) {
    static const char prefix[] = "rosterdb: internal error: ";
    static const char suffix[] = " was called, but this build serves plain HTTP only\n";
    // write(2) only: this may run on any thread, in any state.
    (void)!write(STDERR_FILENO, prefix, sizeof prefix - 1);
    (void)!write(STDERR_FILENO, function, strlen(function));
    (void)!write(STDERR_FILENO, suffix, sizeof suffix - 1);
    abort();
}

// MARK: - Called by libmicrohttpd's constructor and destructor

int gnutls_global_init(void) {
    return GNUTLS_E_SUCCESS;
}

void gnutls_global_deinit(void) {
}

// MARK: - Reached only with MHD_USE_TLS

#define UNREACHABLE tls_unavailable(__func__)

static void *tls_malloc_unavailable(size_t size) {
    (void)size;
    tls_unavailable("gnutls_malloc");
}

gnutls_alloc_function gnutls_malloc = tls_malloc_unavailable;

int gnutls_alpn_set_protocols(gnutls_session_t session, const gnutls_datum_t *protocols, unsigned protocols_size,
                              unsigned flags) {
    UNREACHABLE;
}

int gnutls_bye(gnutls_session_t session, gnutls_close_request_t how) {
    UNREACHABLE;
}

int gnutls_certificate_allocate_credentials(gnutls_certificate_credentials_t *res) {
    UNREACHABLE;
}

void gnutls_certificate_free_credentials(gnutls_certificate_credentials_t sc) {
    UNREACHABLE;
}

void gnutls_certificate_server_set_request(gnutls_session_t session, gnutls_certificate_request_t req) {
    UNREACHABLE;
}

void gnutls_certificate_set_dh_params(gnutls_certificate_credentials_t res, gnutls_dh_params_t dh_params) {
    UNREACHABLE;
}

void gnutls_certificate_set_retrieve_function2(gnutls_certificate_credentials_t cred,
                                               gnutls_certificate_retrieve_function2 *func) {
    UNREACHABLE;
}

void gnutls_certificate_set_retrieve_function3(gnutls_certificate_credentials_t cred,
                                               gnutls_certificate_retrieve_function3 *func) {
    UNREACHABLE;
}

int gnutls_certificate_set_x509_key_mem(gnutls_certificate_credentials_t res, const gnutls_datum_t *cert,
                                        const gnutls_datum_t *key, gnutls_x509_crt_fmt_t type) {
    UNREACHABLE;
}

int gnutls_certificate_set_x509_key_mem2(gnutls_certificate_credentials_t res, const gnutls_datum_t *cert,
                                         const gnutls_datum_t *key, gnutls_x509_crt_fmt_t type, const char *pass,
                                         unsigned int flags) {
    UNREACHABLE;
}

int gnutls_certificate_set_x509_trust_mem(gnutls_certificate_credentials_t res, const gnutls_datum_t *ca,
                                          gnutls_x509_crt_fmt_t type) {
    UNREACHABLE;
}

gnutls_cipher_algorithm_t gnutls_cipher_get(gnutls_session_t session) {
    UNREACHABLE;
}

int gnutls_credentials_set(gnutls_session_t session, gnutls_credentials_type_t type, void *cred) {
    UNREACHABLE;
}

void gnutls_deinit(gnutls_session_t session) {
    UNREACHABLE;
}

void gnutls_dh_params_deinit(gnutls_dh_params_t dh_params) {
    UNREACHABLE;
}

int gnutls_dh_params_import_pkcs3(gnutls_dh_params_t params, const gnutls_datum_t *pkcs3_params,
                                  gnutls_x509_crt_fmt_t format) {
    UNREACHABLE;
}

int gnutls_dh_params_init(gnutls_dh_params_t *dh_params) {
    UNREACHABLE;
}

int gnutls_handshake(gnutls_session_t session) {
    UNREACHABLE;
}

int gnutls_init(gnutls_session_t *session, unsigned int flags) {
    UNREACHABLE;
}

void gnutls_priority_deinit(gnutls_priority_t priority_cache) {
    UNREACHABLE;
}

int gnutls_priority_init(gnutls_priority_t *priority_cache, const char *priorities, const char **err_pos) {
    UNREACHABLE;
}

int gnutls_priority_set(gnutls_session_t session, gnutls_priority_t priority) {
    UNREACHABLE;
}

gnutls_protocol_t gnutls_protocol_get_version(gnutls_session_t session) {
    UNREACHABLE;
}

int gnutls_psk_allocate_server_credentials(gnutls_psk_server_credentials_t *sc) {
    UNREACHABLE;
}

void gnutls_psk_free_server_credentials(gnutls_psk_server_credentials_t sc) {
    UNREACHABLE;
}

void gnutls_psk_set_server_credentials_function(gnutls_psk_server_credentials_t cred,
                                                gnutls_psk_server_credentials_function *func) {
    UNREACHABLE;
}

size_t gnutls_record_check_pending(gnutls_session_t session) {
    UNREACHABLE;
}

int gnutls_record_get_direction(gnutls_session_t session) {
    UNREACHABLE;
}

ssize_t gnutls_record_recv(gnutls_session_t session, void *data, size_t data_size) {
    UNREACHABLE;
}

ssize_t gnutls_record_send(gnutls_session_t session, const void *data, size_t data_size) {
    UNREACHABLE;
}

void *gnutls_session_get_ptr(gnutls_session_t session) {
    UNREACHABLE;
}

void gnutls_session_set_ptr(gnutls_session_t session, void *ptr) {
    UNREACHABLE;
}

const char *gnutls_strerror(int error) {
    UNREACHABLE;
}

void gnutls_transport_set_int2(gnutls_session_t session, int r, int s) {
    UNREACHABLE;
}

#else

// Debug builds: nothing to define (ISO C wants one declaration in a file).
typedef int rosterdb_gnutls_stubs_unused;

#endif
