#include "core/qrsvg.h"

#include <qrencode.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/buf.h"

#define QUIET 4

char *
qrsvg(const char *text)
{
	QRcode *q = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1);
	struct buf b;
	char piece[160];
	int x, y, size, ok = 1;
	char *out = NULL;

	if (q == NULL)
		return NULL;
	size = q->width + 2 * QUIET;
	buf_init(&b, 1024 * 1024);
	snprintf(piece, sizeof(piece), "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" "
	    "shape-rendering=\"crispEdges\">", size, size);
	ok = buf_puts(&b, piece) == 0;
	snprintf(piece, sizeof(piece), "<rect width=\"%d\" height=\"%d\" fill=\"#fff\"/><path d=\"",
	    size, size);
	ok = ok && buf_puts(&b, piece) == 0;
	for (y = 0; ok && y < q->width; y++)
		for (x = 0; ok && x < q->width; x++)
			if (q->data[y * q->width + x] & 1) {
				snprintf(piece, sizeof(piece), "M%d %dh1v1h-1z", x + QUIET, y + QUIET);
				ok = buf_puts(&b, piece) == 0;
			}
	ok = ok && buf_puts(&b, "\" fill=\"#000\"/></svg>") == 0 && buf_append(&b, "", 1) == 0;
	QRcode_free(q);
	if (ok) {
		out = malloc(b.len);
		if (out != NULL)
			memcpy(out, b.data, b.len);
	}
	buf_free(&b);
	return out;
}
