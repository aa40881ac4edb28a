/*
 * bench/signer: how many conversions a second get their transaction signed
 * and stored, in-process and through cediramp-signer (issue 38: the signer
 * within 0.8 of in-process signing). `make bench` runs it
 * (tools/bench/signer.sh) on an EVM stack of each key store.
 *
 *   signer in-process|signer N CLIENTS
 *
 * Against the stack whose signer's own config $CEDIRAMP_CONF is (its
 * database, chain, key store and policy): N moves, split over CLIENTS
 * processes, each a conversion's convert of 1 USDT from a new random
 * wallet under a new ref, at fixed fees, timed from the first to the last
 * on CLOCK_MONOTONIC.
 *
 *   in-process  the signer's own code (domain/signing.h: the nonce under
 *               chain_nonces' lock, the signature, the send and its first
 *               attempt stored, the journal's line, one transaction) called
 *               in this process with the key store opened here: what
 *               POST /api/convert/confirm did while the key was the web
 *               tier's. Run as the signer's user (its key is its own).
 *   signer      the same request through signer.socket
 *               (providers/signer_client.h), as the web programs ask now.
 *               Run as a uid of signer.allow_uids.
 *
 * Nothing is broadcast. Prints one line,
 *
 *   signer: MODE (STORE store): N signed in S s = R/s (CLIENTS clients)
 *
 * Exit 0 when every move was signed, 1 otherwise (said on stderr), 2 on a
 * usage or set-up error.
 */
#include <sys/types.h>
#include <sys/wait.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <openssl/rand.h>

#include "core/strict.h"
#include "domain/ctx.h"
#include "domain/onchain.h"
#include "domain/signer_keys.h"
#include "domain/signing.h"
#include "providers/evm_abi.h"
#include "providers/registry.h"
#include "providers/signer_client.h"

#define CLIENTS_MAX 64
#define MOVES_MAX 1000000

static void
usage(void)
{
	fprintf(stderr, "usage: CEDIRAMP_CONF=signer.conf signer in-process|signer N CLIENTS\n");
	exit(2);
}

/* A random wallet address (not the custody's). */
static void
wallet_new(char out[43])
{
	unsigned char a[20];

	if (RAND_bytes(a, sizeof(a)) != 1)
		memset(a, 0x42, sizeof(a));
	evm_addr_format(a, out);
}

/* n moves of this client (its number c): how many were signed. */
static unsigned long long
client(struct ctx *ctx, int inprocess, int c, unsigned long long n)
{
	static const struct chain_fees fees = { 200000, 20000000000ULL, 1000000000ULL };
	unsigned long long i, ok = 0;
	char ref[64], wallet[43];

	for (i = 0; i < n; i++) {
		wallet_new(wallet);
		snprintf(ref, sizeof(ref), "bench-%d-%d-%llu-%ld", (int)getppid(), c, i,
		    (long)time(NULL));
		if (inprocess) {
			struct signing_request r = { getuid(), "convert", ONCHAIN_CONVERSION, ref,
				"USDT", wallet, "1", 0, fees };
			struct signing_answer a;

			signing_move(ctx, &r, &a);
			ok += a.code == NULL;
		} else {
			struct chain_move m = { CHAIN_CONVERT, ref, wallet, "USDT", "1" };
			struct signer_answer a;

			ok += signer_move(ctx->cfg.signer_socket, ONCHAIN_CONVERSION, &m, &fees, &a) ==
			    SIGNER_OK;
		}
	}
	return ok;
}

int
main(int argc, char **argv)
{
	unsigned long long n, clients, per, signed_all = 0;
	struct timespec t0, t1;
	pid_t pids[CLIENTS_MAX];
	int inprocess, c, fds[CLIENTS_MAX][2];
	char store[16] = "";
	double secs;

	if (argc != 4 || (strcmp(argv[1], "in-process") != 0 && strcmp(argv[1], "signer") != 0) ||
	    strict_uint(argv[2], strlen(argv[2]), MOVES_MAX, &n) != 0 || n == 0 ||
	    strict_uint(argv[3], strlen(argv[3]), CLIENTS_MAX, &clients) != 0 || clients == 0)
		usage();
	inprocess = strcmp(argv[1], "in-process") == 0;
	per = n / clients;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (c = 0; c < (int)clients; c++) {
		if (pipe(fds[c]) != 0 || (pids[c] = fork()) < 0) {
			perror("signer: fork");
			return 2;
		}
		if (pids[c] == 0) { /* each client its own connection and key store */
			static struct ctx ctx;
			struct keystore *key = NULL;
			char why[300];
			unsigned long long ok = 0;

			close(fds[c][0]);
			if (ctx_init(&ctx, "bench-signer", 1) != 0) {
				fprintf(stderr, "signer: %s\n", ctx.init_error);
				_exit(2);
			}
			if (inprocess) {
				if ((key = signer_keys_named(&ctx.cfg, NULL, why, sizeof(why))) == NULL) {
					fprintf(stderr, "signer: the key store: %s\n", why);
					_exit(2);
				}
				(void)signer_keys_use(providers_chain(&ctx.prov), key);
			}
			ok = client(&ctx, inprocess, c, per + (c == 0 ? n % clients : 0));
			if (write(fds[c][1], &ok, sizeof(ok)) != (ssize_t)sizeof(ok))
				_exit(2);
			keystore_close(key);
			ctx_free(&ctx);
			_exit(0);
		}
		close(fds[c][1]);
	}
	for (c = 0; c < (int)clients; c++) {
		unsigned long long ok = 0;
		int st = 0;

		if (read(fds[c][0], &ok, sizeof(ok)) == (ssize_t)sizeof(ok))
			signed_all += ok;
		close(fds[c][0]);
		(void)waitpid(pids[c], &st, 0);
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	{ /* the store: the signer's word for it, or the config's in-process */
		struct signer_answer a;
		struct cfg cfg;
		char why[300];

		if (cfg_load_default(&cfg, why, sizeof(why)) == 0)
			(void)strict_copy(store, sizeof(store), !inprocess &&
			    signer_status(cfg.signer_socket, &a) == SIGNER_OK ? a.store :
			    cfg.signer_key_store);
	}
	printf("signer: %s (%s store): %llu signed in %.2f s = %.0f/s (%llu clients)\n",
	    argv[1], store, signed_all, secs, secs > 0 ? (double)signed_all / secs : 0.0, clients);
	if (signed_all != n) {
		fprintf(stderr, "signer: %llu of %llu moves were not signed (the signer's journal "
		    "says why)\n", n - signed_all, n);
		return 1;
	}
	return 0;
}
