#ifndef ROSTERDB_CMICROHTTPD_SHIM_H
#define ROSTERDB_CMICROHTTPD_SHIM_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

// MHD_start_daemon, MHD_get_daemon_info, MHD_set_response_options and MHD_set_connection_option are variadic,
// which Swift cannot call; these helpers call them. The daemon's options go in MHD's own option array, typed here,
// so that no C type depends on how Swift would pass a CVarArg.

/// Everything rosterdb passes to MHD_start_daemon, filled in by the Swift adapter.
struct cmhd_settings {
    /// Includes MHD_USE_NO_LISTEN_SOCKET: the adapter accepts connections itself and hands them over with
    /// MHD_add_connection.
    unsigned int flags;
    /// Pool threads; 1 runs a single internal thread.
    unsigned int threads;
    unsigned int connection_limit;
    /// Seconds a connection may stay idle before MHD closes it.
    unsigned int connection_timeout;
    /// Memory per connection: it holds the request line and headers (414 or 431 beyond it) and the chunks of a
    /// streamed body.
    size_t connection_memory_limit;
    MHD_AccessHandlerCallback handler;
    void *(*uri_callback)(void *cls, const char *uri, struct MHD_Connection *connection);
    MHD_RequestCompletedCallback completed_callback;
    /// Told when a connection starts and when it is closed.
    MHD_NotifyConnectionCallback connection_callback;
    /// Receives MHD's messages, which MHD_USE_ERROR_LOG in flags turns on.
    MHD_LogCallback logger;
    /// Passed to every callback above.
    void *cls;
};

static inline struct MHD_Daemon *cmhd_start_daemon(const struct cmhd_settings *settings) {
    struct MHD_OptionItem options[12];
    unsigned int count = 0;
#define CMHD_OPTION(name, value, pointer) \
    options[count++] = (struct MHD_OptionItem){(name), (intptr_t)(value), (void *)(pointer)}
    // The logger comes first so that messages about the other options reach it.
    CMHD_OPTION(MHD_OPTION_EXTERNAL_LOGGER, settings->logger, settings->cls);
    // A pool of one is no pool: MHD warns and runs its single internal thread, as it does without the option.
    if (settings->threads > 1) {
        CMHD_OPTION(MHD_OPTION_THREAD_POOL_SIZE, settings->threads, NULL);
    }
    CMHD_OPTION(MHD_OPTION_CONNECTION_LIMIT, settings->connection_limit, NULL);
    CMHD_OPTION(MHD_OPTION_CONNECTION_TIMEOUT, settings->connection_timeout, NULL);
    CMHD_OPTION(MHD_OPTION_CONNECTION_MEMORY_LIMIT, settings->connection_memory_limit, NULL);
    CMHD_OPTION(MHD_OPTION_URI_LOG_CALLBACK, settings->uri_callback, settings->cls);
    CMHD_OPTION(MHD_OPTION_NOTIFY_COMPLETED, settings->completed_callback, settings->cls);
    CMHD_OPTION(MHD_OPTION_NOTIFY_CONNECTION, settings->connection_callback, settings->cls);
    // Not strict: libmicrohttpd 0.9.75 then closes the connection without a word on a space in the target, and sends
    // the headers of its 400 twice to an HTTP/1.1 request without Host. The adapter refuses both itself.
    CMHD_OPTION(MHD_OPTION_STRICT_FOR_CLIENT, 0, NULL);
    CMHD_OPTION(MHD_OPTION_END, 0, NULL);
#undef CMHD_OPTION
    return MHD_start_daemon(settings->flags, 0, NULL, NULL, settings->handler, settings->cls,
                            MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

/// Keeps libmicrohttpd from filing the query's parameters, which the adapter reads from the raw target itself:
/// called by the URI callback, it ends the query MHD is about to parse right after its `?`. libmicrohttpd 0.9.75
/// files every `&`-separated piece of the query (empty ones too) in the connection's memory, and when that runs out
/// (some 350 pieces, in a request line of 1 KB) it neither answers nor closes: the connection hangs until its
/// timeout. The URI it hands its callback lies in the connection's read buffer, where it has already found the `?`
/// it parses from, and it calls the callback "before we modify URI *or* args".
static inline void cmhd_leave_query_unparsed(const char *uri) {
    char *mark = strchr(uri, '?');
    if (mark != NULL && mark[1] != '\0') {
        mark[1] = '\0';
    }
}

/// The flags the daemon runs with, as MHD reports them (0 when it cannot say).
static inline unsigned int cmhd_daemon_flags(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_FLAGS);
    return info == NULL ? 0u : (unsigned int)info->flags;
}

/// The socket of `connection`, or -1 when MHD cannot say.
static inline int cmhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

/// The connections the daemon's threads hold now (the library sums its threads' counts), or -1 when it cannot say.
static inline long cmhd_current_connections(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info == NULL ? -1L : (long)info->num_connections;
}

/// Sends a response without chunked encoding, which makes a response of unknown size close its connection.
/// libmicrohttpd 0.9.75 ends a chunked response that has no body (to HEAD, or a 304) with a last chunk all the
/// same, which the client would read as the start of the next response.
static inline enum MHD_Result cmhd_send_without_chunks(struct MHD_Response *response) {
    return MHD_set_response_options(response, MHD_RF_HTTP_1_0_COMPATIBLE_STRICT, MHD_RO_END);
}

/// Sets how many seconds `connection` may go without sending or receiving anything before MHD closes it.
static inline enum MHD_Result cmhd_set_connection_timeout(struct MHD_Connection *connection, unsigned int seconds) {
    return MHD_set_connection_option(connection, MHD_CONNECTION_OPTION_TIMEOUT, seconds);
}

#endif
