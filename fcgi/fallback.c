/*
 * fallback: serves every /api and /v1 path no other program owns, so an
 * unknown path gets a 404 in its API's envelope (after authentication,
 * like any other path), and renders the web server's own errors (an
 * oversize body, a crashed program) as JSON through ErrorDocument.
 */
#include "http/app.h"

int
main(void)
{
	return app_run("fallback", NULL, 0);
}
