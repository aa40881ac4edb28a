/*
 * rpcproxy: a JSON-RPC man in the middle for the chain fault tests. It
 * listens on 127.0.0.1 (a port the kernel picks) and passes each request
 * on to the node at 127.0.0.1:upstream, answering with the node's answer
 * and closing the connection, until a request for the armed method comes;
 * that one gets the armed fault, once:
 *
 *   RPX_KILL      the process pid is killed with SIGKILL and the request
 *                 is never passed on: a crash after the commit, before the
 *                 broadcast left the machine;
 *   RPX_STOP_NODE the request is passed on, then command runs (it stops
 *                 the node) and the caller gets no answer: the node stopped
 *                 during the broadcast;
 *   RPX_NO_ANSWER the request is passed on and the caller gets no answer:
 *                 a lost answer.
 *
 * One thread per connection; requests are at most 1 MiB.
 */
#ifndef CEDIRAMP_RPCPROXY_H
#define CEDIRAMP_RPCPROXY_H

#include <sys/types.h>

enum rpx_fault { RPX_NONE = 0, RPX_KILL, RPX_STOP_NODE, RPX_NO_ANSWER };

struct rpcproxy;

/* Starts a proxy to 127.0.0.1:upstream; NULL on failure (said on stderr). */
struct rpcproxy *rpx_start(int upstream);
int rpx_port(const struct rpcproxy *p);

/* Arms fault for the next request whose "method" is method (pid for
 * RPX_KILL, command for RPX_STOP_NODE; either may be 0 / NULL). */
void rpx_arm(struct rpcproxy *p, const char *method, enum rpx_fault fault, pid_t pid,
    const char *command);

/* How many times the armed fault happened. */
int rpx_fired(struct rpcproxy *p);
/* How many requests of method passed through (the faulted one included). */
int rpx_seen(struct rpcproxy *p, const char *method);

void rpx_stop(struct rpcproxy *p);

#endif
