/* Webhook helpers shared by the webhook and payment-intent suites. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "children.h"
#include "itc.h"
#include "receiver.h"

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

int
itc_verify_hits(struct receiver *rcv, const char *secret, const char *kind, size_t want,
    size_t ok, char *fails, size_t cap)
{
	char dir[256], cmd[700], line[200], last[200] = "", expect[64];
	FILE *f;
	int rc;

	if (fails != NULL && cap > 0)
		fails[0] = '\0';
	snprintf(dir, sizeof(dir), "%s.verify-%d-%s", it_env("CEDIRAMP_CONF"), (int)getpid(),
	    kind);
	snprintf(cmd, sizeof(cmd), "rm -rf %s && mkdir -p %s", dir, dir);
	if (it_system(cmd) != 0 || rcv_save(rcv, dir, secret, kind) != (int)want)
		return -1;
	snprintf(cmd, sizeof(cmd), "%s %s > %s/out.txt 2>&1", it_env("WEBHOOK_VERIFIER"),
	    dir, dir);
	rc = it_system(cmd);
	snprintf(cmd, sizeof(cmd), "%s/out.txt", dir);
	if ((f = fopen(cmd, "re")) == NULL)
		return -1;
	while (fgets(line, sizeof(line), f) != NULL) {
		if (strncmp(line, "FAIL", 4) == 0 && fails != NULL)
			snprintf(fails + strlen(fails), cap - strlen(fails), "%s", line);
		else if (strncmp(line, "FAIL", 4) == 0)
			fprintf(stderr, "verifier: %s", line);
		snprintf(last, sizeof(last), "%s", line);
	}
	fclose(f);
	snprintf(expect, sizeof(expect), "verified %zu of %zu\n", ok, want);
	IT_CHECK(strcmp(last, expect) == 0, "verifier's last line");
	return (rc == 0) == (ok == want) && strcmp(last, expect) == 0 ? 0 : -1;
}
