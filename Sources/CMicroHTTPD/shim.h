#ifndef SCROLLREEL_CMICROHTTPD_SHIM_H
#define SCROLLREEL_CMICROHTTPD_SHIM_H
#include <stdint.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <microhttpd.h>

// MHD_start_daemon and MHD_get_daemon_info are variadic, which Swift cannot call: these fix
// their arguments.

/// A daemon on `address` only, a thread per connection (a slow frame never holds up another
/// request), answering with `handler`; NULL when it cannot start (the port is taken, say).
static inline struct MHD_Daemon *scrollreel_mhd_start(const struct sockaddr_in *address, MHD_AccessHandlerCallback handler,
                                                      void *context) {
    return MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION, ntohs(address->sin_port),
                            NULL, NULL, handler, context,
                            MHD_OPTION_SOCK_ADDR, (const struct sockaddr *)address,
                            MHD_OPTION_CONNECTION_TIMEOUT, (unsigned int)60,
                            MHD_OPTION_END);
}

/// The port the daemon listens on (the one the system chose for port 0); 0 when unknown.
static inline uint16_t scrollreel_mhd_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}
#endif
