/*
 * probe: the providers' health as every process reads it (issue 25). A
 * probe of the chain gateway and of each network's provider is an HTTP
 * call; doing it on every GET /v1/health (a public route) or every
 * withdrawal would let a burst of requests spend the service on calls out.
 * So the states live in provider_health: a request reads them (one
 * SELECT), and one that finds a state older than health.probe_seconds
 * takes that row's probing lease (one UPDATE; one prober at a time, on any
 * node) and probes it, while every other request reads the state it has.
 * The answer is stored only if the row is still as the probe claimed it
 * (its checked_at): a probe that outlived its lease or a stale-marking
 * never writes its older answer over a newer probe's.
 * Without the database a process falls back on its own last probe, at most
 * one every health.probe_seconds.
 */
#ifndef CEDIRAMP_PROBE_H
#define CEDIRAMP_PROBE_H

#include "domain/ctx.h"
#include "providers/registry.h"

struct probe_state {
	enum prov_health health;
	long long age_seconds;   /* since it was probed */
	long long checked_at;    /* when, in Unix seconds, as stored */
};

/* The chain's ([0]) and each network's ([1 + i], the registry's order)
 * stored health, those past health.probe_seconds probed first. */
void probe_states(struct ctx *ctx, struct probe_state out[PROV_PROBED]);

/* One network's (an id of the registry) stored health; PROV_DOWN for an
 * unknown one. */
enum prov_health probe_network(struct ctx *ctx, const char *network);

/* Every stored state probed again on its next read (the sandbox, after a
 * simulator's health setting changed). DB_OK or the database's error. */
int probe_mark_stale(struct db *db);

#endif
