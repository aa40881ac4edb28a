/*
 * bench/hello: the smallest FastCGI program, the yardstick of `make bench`.
 *
 * Answers every request with 200, `Content-Type: application/json` and
 * {"status":"success"}: no configuration, no database, no routing, no
 * allocation. tools/bench.sh measures it under the same web server, the
 * same mod_fcgid / fastcgi.server settings and the same load as the real
 * endpoints, and reports each endpoint's throughput as a ratio to it, so
 * what the web server and libfcgi cost is told apart from what our code
 * costs.
 *
 * Built into $(BUILD)/fcgi-bench/, never $(BUILD)/fcgi/ (which
 * tools/stack.sh stages and routes as the product's programs): only a stack
 * started with `stack.sh --bench` stages it, and only such a stack routes
 * /bench/hello to it. Exits 0 when the web server asks it to stop, 1 when
 * libfcgi cannot be set up.
 */
#include <signal.h>

#include <fcgiapp.h>

/* the whole answer, written as one piece */
static const char hello_answer[] =
    "Status: 200 OK\r\n"
    "Content-Type: application/json\r\n"
    "\r\n"
    "{\"status\":\"success\"}";

int
main(void)
{
	FCGX_Request req;

	/* as the product's loop (lib/http/app.c): a client gone mid-answer
	 * must not kill the process */
	signal(SIGPIPE, SIG_IGN);
	if (FCGX_Init() != 0 || FCGX_InitRequest(&req, 0, 0) != 0)
		return 1;
	while (FCGX_Accept_r(&req) >= 0) {
		FCGX_PutStr(hello_answer, (int)(sizeof(hello_answer) - 1), req.out);
		FCGX_Finish_r(&req);
	}
	return 0;
}
