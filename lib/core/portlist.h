/*
 * portlist: a short list of TCP ports ("443, 80"), for the settings that
 * allow a connection by its port (webhooks.allowed_ports). No I/O.
 */
#ifndef CEDIRAMP_PORTLIST_H
#define CEDIRAMP_PORTLIST_H

#include <stddef.h>

#define PORT_LIST_MAX 16 /* ports in one list */

struct port_list {
	size_t n;
	unsigned port[PORT_LIST_MAX]; /* each 1..65535, no two alike */
};

/*
 * Parses s[0..n): ports separated by commas and/or spaces, each a decimal
 * 1..65535 as strict_uint reads it (no sign, no leading zero), at least
 * one, at most PORT_LIST_MAX, none twice. Returns 0, or -1 with why (a
 * static reason) and list untouched.
 */
int port_list_parse(const char *s, size_t n, struct port_list *list, const char **why);

/* 1 when port is in list, else 0 (also for a NULL list). */
int port_list_has(const struct port_list *list, unsigned port);

/* list as "443, 80" into buf (cap bytes, always NUL-terminated when cap
 * is not 0; cut when it does not fit). Returns buf. */
char *port_list_text(const struct port_list *list, char *buf, size_t cap);

#endif
