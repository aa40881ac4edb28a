/*
 * errtab: each API's rendering of an enum err. Both tables cover every
 * value: an error one API never produces still maps to its nearest code
 * there.
 */
#ifndef CEDIRAMP_ERRTAB_H
#define CEDIRAMP_ERRTAB_H

#include "core/err.h"

enum api { API_WALLET = 0, API_PARTNER = 1, API_CONSOLE = 2 };

struct err_def {
	int http_status;
	const char *code;
	const char *message; /* default, safe to show to a client */
};

/* The row of api's table for e (ERR_INTERNAL's row for out-of-range e). */
const struct err_def *err_def(enum api api, enum err e);

/* The error for an HTTP status the web server produced (413, 404...). */
enum err err_from_http_status(int status);

#endif
