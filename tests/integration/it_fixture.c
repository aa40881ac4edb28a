/*
 * The integration suite's fixture: what runs before and after every test
 * (it.h, "A test's bounds and what it holds").
 *
 * Before: the test's deadline is armed on the watchdog, and the simulator
 * settings and payout floats are noted. After, however the test ended
 * (CUnit runs the tear-down after a failed FATAL assertion too): what it
 * deferred is undone, the children it left are killed and reaped, the
 * database connections it opened are closed (their transactions rolled
 * back, their locks released), the settings and floats it changed are put
 * back, and a deadline that passed is the test's failure.
 *
 * The watchdog is a thread. When a test runs past its deadline it says
 * what the test was doing, kills the test's children and shuts down its
 * sockets (HTTP and MariaDB), so whatever call the test is blocked in
 * returns an error and the test fails on its own. Should the test still not
 * end within a grace period, the watchdog ends the run with a message: a
 * hang is a failure in minutes, never a run that sits until CI's limit.
 */
#include <errno.h>
#include <fcntl.h>
#include <mysql.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "children.h"
#include "it.h"

/* ---- what the test is doing (it_doing), for the watchdog's message ---- */

static pthread_mutex_t doing_mu = PTHREAD_MUTEX_INITIALIZER;
static char doing[300];

void
it_doing(const char *fmt, ...)
{
	va_list ap;

	pthread_mutex_lock(&doing_mu);
	va_start(ap, fmt);
	vsnprintf(doing, sizeof(doing), fmt, ap);
	va_end(ap);
	pthread_mutex_unlock(&doing_mu);
}

/* ---- sockets the watchdog may shut down ---- */

#define MAX_SOCKS 256
static int socks[MAX_SOCKS];
static size_t nsocks;
static pthread_mutex_t socks_mu = PTHREAD_MUTEX_INITIALIZER;

void
it_sock_add(int fd)
{
	pthread_mutex_lock(&socks_mu);
	if (nsocks < MAX_SOCKS)
		socks[nsocks++] = fd;
	pthread_mutex_unlock(&socks_mu);
}

void
it_sock_del(int fd)
{
	size_t i;

	pthread_mutex_lock(&socks_mu);
	for (i = 0; i < nsocks; i++)
		if (socks[i] == fd) {
			socks[i] = socks[--nsocks];
			break;
		}
	pthread_mutex_unlock(&socks_mu);
}

/* Every registered socket shut down (not closed: its owner closes it and
 * the number is not reused under it). */
static void
socks_shutdown(void)
{
	size_t i;

	pthread_mutex_lock(&socks_mu);
	for (i = 0; i < nsocks; i++)
		shutdown(socks[i], SHUT_RDWR);
	pthread_mutex_unlock(&socks_mu);
}

/* ---- the database connections a test opened (it_db_connect) ---- */

#define MAX_CONNS 32
static MYSQL *conns[MAX_CONNS];
static pthread_mutex_t conns_mu = PTHREAD_MUTEX_INITIALIZER;

void
it_conn_add(MYSQL *m)
{
	size_t i;

	pthread_mutex_lock(&conns_mu);
	for (i = 0; i < MAX_CONNS; i++)
		if (conns[i] == NULL) {
			conns[i] = m;
			break;
		}
	pthread_mutex_unlock(&conns_mu);
}

void
it_db_close(MYSQL *m)
{
	size_t i;

	if (m == NULL)
		return;
	pthread_mutex_lock(&conns_mu);
	for (i = 0; i < MAX_CONNS; i++)
		if (conns[i] == m)
			conns[i] = NULL;
	pthread_mutex_unlock(&conns_mu);
	it_sock_del(mysql_get_socket(m));
	mysql_close(m);
}

/* Closes every connection the test left open: how many. */
static int
conns_close(void)
{
	size_t i;
	int n = 0;

	for (i = 0; i < MAX_CONNS; i++) {
		MYSQL *m;

		pthread_mutex_lock(&conns_mu);
		m = conns[i];
		pthread_mutex_unlock(&conns_mu);
		if (m != NULL) {
			it_db_close(m);
			n++;
		}
	}
	return n;
}

/* ---- the simulator's settings and the payout floats ---- */

#define MAX_SETTINGS 128
struct setting {
	char name[72];
	char value[260];
};
static struct setting before_settings[MAX_SETTINGS];
static int nbefore = -1; /* -1: not noted (the database did not answer) */
#define MAX_NETS 8
static char nets_unlimited[MAX_NETS][40]; /* networks whose float was unlimited */
static int nnets = -1;

/* The rows of sim_settings into s (at most MAX_SETTINGS): how many, or -1. */
static int
settings_read(struct setting *s)
{
	MYSQL *m = it_db_handle();
	MYSQL_RES *res;
	MYSQL_ROW row;
	int n = 0;

	if (m == NULL || mysql_query(m, "SELECT name, value FROM sim_settings ORDER BY name") != 0 ||
	    (res = mysql_store_result(m)) == NULL)
		return -1;
	while ((row = mysql_fetch_row(res)) != NULL && n < MAX_SETTINGS) {
		snprintf(s[n].name, sizeof(s[n].name), "%s", row[0] ? row[0] : "");
		snprintf(s[n].value, sizeof(s[n].value), "%s", row[1] ? row[1] : "");
		n++;
	}
	mysql_free_result(res);
	return n;
}

/* The networks whose float is unlimited into nets: how many, or -1. */
static int
floats_read(char nets[MAX_NETS][40])
{
	MYSQL *m = it_db_handle();
	MYSQL_RES *res;
	MYSQL_ROW row;
	int n = 0;

	if (m == NULL || mysql_query(m, "SELECT network FROM payout_floats WHERE unlimited = 1 "
	    "ORDER BY network") != 0 || (res = mysql_store_result(m)) == NULL)
		return -1;
	while ((row = mysql_fetch_row(res)) != NULL && n < MAX_NETS)
		snprintf(nets[n++], 40, "%s", row[0] ? row[0] : "");
	mysql_free_result(res);
	return n;
}

static const struct setting *
setting_find(const struct setting *s, int n, const char *name)
{
	int i;

	for (i = 0; i < n; i++)
		if (strcmp(s[i].name, name) == 0)
			return &s[i];
	return NULL;
}

/* Adds name to the list of what was put back (said, after the test). */
static void
put_back(char *list, size_t cap, const char *name)
{
	size_t len = strlen(list);

	if (len + 1 < cap)
		snprintf(list + len, cap - len, "%s%.100s", len > 0 ? ", " : "", name);
}

/* Puts back what the test changed of the settings and floats; their names
 * into list (cap bytes). */
static void
settings_restore(char *list, size_t cap)
{
	static struct setting now[MAX_SETTINGS];
	char nets[MAX_NETS][40], args[400], out[200];
	int n, i, j, health = 0, nnow;

	list[0] = '\0';
	/* a float the test limited is unlimited again (through the admin tool:
	 * the simulator's account follows the float) */
	nnow = floats_read(nets);
	for (i = 0; nnow >= 0 && i < nnets; i++) {
		for (j = 0; j < nnow && strcmp(nets[j], nets_unlimited[i]) != 0; j++)
			;
		if (j < nnow)
			continue;
		snprintf(args, sizeof(args), "sim set momo.%s.float unlimited", nets_unlimited[i]);
		(void)it_admin(args, out, sizeof(out));
		put_back(list, cap, args + 8);
	}
	if (nbefore < 0 || (n = settings_read(now)) < 0)
		return;
	for (i = 0; i < n; i++) {
		const struct setting *b = setting_find(before_settings, nbefore, now[i].name);

		if (b != NULL && strcmp(b->value, now[i].value) == 0)
			continue;
		if (b == NULL)
			it_db_exec("DELETE FROM sim_settings WHERE name = ?", now[i].name, NULL);
		else
			it_db_exec("REPLACE INTO sim_settings (name, value) VALUES (?, ?)", b->name,
			    b->value);
		health |= strstr(now[i].name, ".health") != NULL;
		put_back(list, cap, now[i].name);
	}
	for (i = 0; i < nbefore; i++)
		if (setting_find(now, n, before_settings[i].name) == NULL) {
			it_db_exec("REPLACE INTO sim_settings (name, value) VALUES (?, ?)",
			    before_settings[i].name, before_settings[i].value);
			health |= strstr(before_settings[i].name, ".health") != NULL;
			put_back(list, cap, before_settings[i].name);
		}
	if (health)
		(void)it_db_exec("UPDATE provider_health SET checked_at = '1970-01-01 00:00:01', "
		    "probing_until = NULL", NULL, NULL);
}

/* ---- the watchdog ---- */

static pthread_mutex_t dog_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t dog_cv = PTHREAD_COND_INITIALIZER;
static unsigned long dog_gen;     /* the running test's number */
static int dog_armed;
static double dog_deadline;
static unsigned dog_seconds;
static char dog_test[200];
static int dog_fired;             /* the running test passed its deadline */

static void *
watchdog(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&dog_mu);
	for (;;) {
		unsigned long gen;
		struct timespec until;
		double grace_end;

		while (!dog_armed)
			pthread_cond_wait(&dog_cv, &dog_mu);
		gen = dog_gen;
		until.tv_sec = (time_t)dog_deadline;
		until.tv_nsec = (long)((dog_deadline - (double)until.tv_sec) * 1e9);
		/* the deadline is on CLOCK_MONOTONIC, as the condition's clock */
		if (pthread_cond_timedwait(&dog_cv, &dog_mu, &until) != ETIMEDOUT ||
		    !dog_armed || gen != dog_gen)
			continue;
		dog_fired = 1;
		pthread_mutex_lock(&doing_mu);
		fprintf(stderr, "\nWATCHDOG: test \"%s\" ran past its %u s; it was %s. Its "
		    "children are killed and its connections shut down.\n", dog_test,
		    dog_seconds, doing[0] ? doing : "(doing nothing it said)");
		pthread_mutex_unlock(&doing_mu);
		pthread_mutex_unlock(&dog_mu);
		child_kill_all();
		socks_shutdown();
		pthread_mutex_lock(&dog_mu);
		/* the test should now fail on its own; if it does not, the run ends */
		grace_end = child_now_s() + 60.0 * tu_slow();
		while (dog_armed && gen == dog_gen && child_now_s() < grace_end) {
			struct timespec t;

			until.tv_sec = (time_t)(child_now_s() + 1.0);
			until.tv_nsec = 0;
			t = until;
			(void)pthread_cond_timedwait(&dog_cv, &dog_mu, &t);
		}
		if (dog_armed && gen == dog_gen) {
			fprintf(stderr, "WATCHDOG: test \"%s\" did not end %.0f s after that: the "
			    "run stops here, failed.\n", dog_test, 60.0 * tu_slow());
			fflush(NULL);
			child_kill_all();
			_exit(3);
		}
	}
	return NULL;
}

static void
dog_start(void)
{
	static int started;
	pthread_condattr_t ca;
	pthread_t t;

	if (started)
		return;
	started = 1;
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&dog_cv, &ca);
	pthread_condattr_destroy(&ca);
	if (pthread_create(&t, NULL, watchdog, NULL) != 0) {
		fprintf(stderr, "it_fixture: no watchdog thread: %s\n", strerror(errno));
		return;
	}
	pthread_detach(t);
}

/* ---- before and after each test ---- */

static double test_started;
static unsigned failures_before;

/*
 * The test stacks run no cron: a rate is as fresh as the last `rates`
 * run a test made, and under the sanitizers with two passes at once the
 * tests between two such runs outlasted rates.max_age_seconds (300): every
 * quote after was 503. A rate older than a minute is refreshed before the
 * next test, as the minutely cron would.
 */
static void
rates_fresh(void)
{
	if (it_db_scalar("SELECT COUNT(*) FROM fx_rates WHERE updated_at < UTC_TIMESTAMP(6) - "
	    "INTERVAL 60 SECOND", NULL, NULL) > 0 && it_worker("rates") != 0)
		fprintf(stderr, "it_fixture: the rates worker failed; quotes may be refused\n");
}

static void
before(void)
{
	CU_pTest t = CU_get_current_test();
	unsigned secs = IT_TEST_SECONDS * tu_slow();

	dog_start();
	it_doing("%s", "");
	nbefore = settings_read(before_settings);
	nnets = floats_read(nets_unlimited);
	rates_fresh();
	failures_before = CU_get_number_of_failures();
	test_started = child_now_s();
	pthread_mutex_lock(&dog_mu);
	dog_gen++;
	dog_fired = 0;
	dog_seconds = secs;
	snprintf(dog_test, sizeof(dog_test), "%s", t && t->pName ? t->pName : "?");
	dog_deadline = test_started + secs;
	dog_armed = 1;
	pthread_cond_broadcast(&dog_cv);
	pthread_mutex_unlock(&dog_mu);
}

int
it_expired(void)
{
	int fired;

	pthread_mutex_lock(&dog_mu);
	fired = dog_fired && dog_armed;
	pthread_mutex_unlock(&dog_mu);
	return fired;
}

void
it_test_seconds(unsigned seconds)
{
	pthread_mutex_lock(&dog_mu);
	dog_seconds = seconds * tu_slow();
	dog_deadline = test_started + dog_seconds;
	pthread_cond_broadcast(&dog_cv);
	pthread_mutex_unlock(&dog_mu);
}

/* A failure of the running test, from the fixture. */
static void
fixture_fail(const char *what)
{
	CU_assertImplementation(CU_FALSE, 0, what, "it_fixture", "", CU_FALSE);
}

static void
after(void)
{
	char msg[600], restored[1000];
	int fired, n, failed;
	size_t kids;
	double took = child_now_s() - test_started;

	pthread_mutex_lock(&dog_mu);
	dog_armed = 0;
	dog_gen++;
	fired = dog_fired;
	pthread_cond_broadcast(&dog_cv);
	pthread_mutex_unlock(&dog_mu);
	failed = CU_get_number_of_failures() != failures_before;

	tu_defer_run();
	kids = child_reap_all("it_fixture: a child the test left");
	if ((n = conns_close()) > 0 && !failed)
		fprintf(stderr, "it_fixture: the test left %d database connection(s) open\n", n);
	settings_restore(restored, sizeof(restored));
	if (restored[0] != '\0')
		fprintf(stderr, "it_fixture: put back: %s\n", restored);
	it_http_via(-1);
	it_http_from(NULL);
	if (fired) {
		pthread_mutex_lock(&doing_mu);
		snprintf(msg, sizeof(msg), "ran past its %u s (%s)", dog_seconds,
		    doing[0] ? doing : "doing nothing it said");
		pthread_mutex_unlock(&doing_mu);
		fixture_fail(msg);
	} else if (kids > 0 && !failed) {
		fixture_fail("left child processes running");
	}
	if (took > 30.0)
		fprintf(stderr, "it_fixture: \"%s\" took %.0f s\n", dog_test, took);
	it_doing("%s", "");
}

void
it_fixture_install(void)
{
	tu_set_fixture(before, after);
}
