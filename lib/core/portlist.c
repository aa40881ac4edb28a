#include "core/portlist.h"

#include <stdio.h>
#include <string.h>

#include "core/strict.h"

int
port_list_parse(const char *s, size_t n, struct port_list *list, const char **why)
{
	struct port_list l;
	size_t at = 0, start, len, j;
	unsigned long long p;

	memset(&l, 0, sizeof(l));
	while (strict_list_next(s, n, &at, &start, &len)) {
		if (strict_uint(s + start, len, 65535, &p) != 0 || p == 0) {
			*why = "each port must be a whole number from 1 to 65535";
			return -1;
		}
		for (j = 0; j < l.n; j++)
			if (l.port[j] == (unsigned)p) {
				*why = "a port is listed twice";
				return -1;
			}
		if (l.n == PORT_LIST_MAX) {
			*why = "too many ports (16 at most)";
			return -1;
		}
		l.port[l.n++] = (unsigned)p;
	}
	if (l.n == 0) {
		*why = "at least one port is needed";
		return -1;
	}
	*list = l;
	return 0;
}

int
port_list_has(const struct port_list *list, unsigned port)
{
	size_t i;

	if (list == NULL)
		return 0;
	for (i = 0; i < list->n && i < PORT_LIST_MAX; i++)
		if (list->port[i] == port)
			return 1;
	return 0;
}

char *
port_list_text(const struct port_list *list, char *buf, size_t cap)
{
	size_t off = 0, i;

	if (cap == 0)
		return buf;
	buf[0] = '\0';
	for (i = 0; list != NULL && i < list->n && i < PORT_LIST_MAX; i++) {
		int w = snprintf(buf + off, cap - off, "%s%u", i ? ", " : "", list->port[i]);

		if (w < 0 || (size_t)w >= cap - off) {
			buf[off] = '\0'; /* cut after the last whole port */
			break;
		}
		off += (size_t)w;
	}
	return buf;
}
