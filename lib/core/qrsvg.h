/*
 * qrsvg: a QR code of a text (an otpauth:// URI) drawn as SVG on the
 * server, by Debian's libqrencode: the page shows it as an image, and no
 * remote service ever sees the secret it carries.
 */
#ifndef CEDIRAMP_QRSVG_H
#define CEDIRAMP_QRSVG_H

/* The SVG of text's QR code (error correction M, a 4-module quiet zone),
 * malloc'd; NULL out of memory or when text does not fit a QR code. */
char *qrsvg(const char *text);

#endif
