/* Webhook helpers shared by the webhook and payment-intent suites. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "children.h"
#include "itc.h"

pid_t
itc_worker_spawn(const char *name, const char *arg, const char *extra)
{
	static unsigned started;
	char conf[512], cmd[1200], env[600];
	FILE *f;
	pid_t pid;

	/* a file of its own: a second worker started at once must not rewrite
	 * the config the first one is still reading */
	snprintf(conf, sizeof(conf), "%s.%s-test-%u", it_env("CEDIRAMP_CONF"), name, started++);
	/* a copy of the stack's config (its secrets too): the owner's alone */
	snprintf(cmd, sizeof(cmd), "umask 077 && cat %s > %s", it_env("CEDIRAMP_CONF"), conf);
	CU_ASSERT_EQUAL_FATAL(it_system(cmd), 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(f = fopen(conf, "ae"));
	fprintf(f, "\n%s\n", extra ? extra : "");
	fclose(f);
	snprintf(cmd, sizeof(cmd), "%s/cron/%s", it_env("CEDIRAMP_BUILD"), name);
	snprintf(env, sizeof(env), "CEDIRAMP_CONF=%s", conf);
	/* env(1) execs the worker: the pid is the worker's */
	{
		char *const argv[] = { "env", env, cmd, (char *)arg, NULL };

		pid = child_start("/usr/bin/env", argv, NULL, 0);
	}
	CU_ASSERT_FATAL(pid > 0);
	return pid;
}

pid_t
itc_webhooks_start(const char *extra)
{
	char lines[2048];

	snprintf(lines, sizeof(lines), "webhooks.drain_seconds = 60\n%s", extra);
	return itc_worker_spawn("webhooks", "--until-idle", lines);
}

int
itc_webhooks_wait(pid_t pid)
{
	int st = child_wait(pid, child_default_seconds(), "a worker");

	if (st == -1 || !WIFEXITED(st))
		return -1;
	return WEXITSTATUS(st);
}

int
itc_webhooks_run(const char *extra)
{
	return itc_webhooks_wait(itc_webhooks_start(extra));
}

void
itc_register_hook(const struct itc_partner *p, int port, const char *path,
    const char *events, const char *secret, char *id)
{
	char body[600];
	struct it_resp r;

	snprintf(body, sizeof(body), "{\"url\":\"http://127.0.0.1:%d%s\",\"events\":%s,"
	    "\"secret\":\"%s\"}", port, path, events, secret);
	CU_ASSERT_EQUAL_FATAL(itc_partner_send(p, "POST", "/v1/webhooks", body, &r), 201);
	snprintf(id, 64, "%s", it_str(json_object_get(r.json, "data"), "webhook_id"));
	it_resp_free(&r);
}
