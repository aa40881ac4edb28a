/*
 * signer_client: how web programs and workers ask cediramp-signer (the
 * only holder of the operator's key; docs/design.md "Custody") to sign.
 *
 * The protocol, over the signer's Unix socket (signer.socket): one JSON
 * object per line each way, one request per connection. Requests are
 * typed; there is no request to sign a raw transaction or a digest:
 *
 *   {"op":"status"}
 *   {"op":"convert","purpose":"conversion|withdrawal","ref":ID,"asset":A,
 *    "wallet":ADDR,"amount":"1.50","gas_limit":N,"max_fee":N,"priority_fee":N}
 *        the gateway's convert(ref, token of A, wallet, amount)
 *   {"op":"mint","ref":ID,"asset":A,"wallet":ADDR,"amount":"5", fees...}
 *        sandbox only: the sandbox token's open mint
 *   {"op":"replace","ref":ID,"attempt":N, fees...}
 *        the send's attempt N again at its nonce with the fees given
 *   {"op":"rotate"}
 *        a rotation of the operator's key (signer.admin_uids only;
 *        domain/rotation.h), answered {"ok":true,"rotation":N,
 *        "step":"requested","address":OLD}; asked again while one is
 *        under way, it answers that one
 *
 * The answer: {"ok":true,"hash":"0x...","nonce":N,"address":"0x..."}, or
 * {"ok":false,"code":"refused|bad_request|unavailable","reason":"..."}.
 * The signer stores what it signed (chain_sends, chain_txs) before it
 * answers, keyed by ref: asking again for the same ref answers the same
 * transaction, so a caller that lost an answer simply asks again.
 */
#ifndef CEDIRAMP_SIGNER_CLIENT_H
#define CEDIRAMP_SIGNER_CLIENT_H

#include <stddef.h>

#include "providers/chain.h"

enum signer_rc {
	SIGNER_OK = 0,
	SIGNER_REFUSED,     /* the policy said no (reason): nothing was signed */
	SIGNER_DOWN,        /* not reached: nothing was asked, so nothing signed */
	SIGNER_IN_DOUBT     /* asked, no answer: ask again (the same ref) */
};

struct signer_answer {
	char hash[CHAIN_HASH_LEN + 1];
	unsigned long long nonce;
	char address[43]; /* the key that signed (status: the current key) */
	char store[16];   /* status: "file" or "pkcs11" */
	char code[24];    /* not ok: refused, bad_request, unavailable */
	char reason[200];
	unsigned long long rotation; /* rotate: the rotation's id */
	char step[16];               /* rotate: its step */
};

/* The signer's state: its key's address and store. */
enum signer_rc signer_status(const char *socket_path, struct signer_answer *a);

/* convert (purpose ONCHAIN_CONVERSION or ONCHAIN_WITHDRAWAL) or, with
 * kind CHAIN_MINT, mint: m signed with fees. */
enum signer_rc signer_move(const char *socket_path, const char *purpose,
    const struct chain_move *m, const struct chain_fees *fees, struct signer_answer *a);

/* ref's send, whose newest attempt is attempt, signed again at its nonce
 * with fees. */
enum signer_rc signer_replace(const char *socket_path, const char *ref,
    unsigned long long attempt, const struct chain_fees *fees, struct signer_answer *a);

/* rotate. */
enum signer_rc signer_rotate(const char *socket_path, struct signer_answer *a);

/* One line of the protocol from fd into line (cap bytes, without its
 * newline) within timeout_ms: 0, or -1 (none in time, too long, closed). */
int signer_read_line(int fd, char *line, size_t cap, int timeout_ms);

/* The longest a request line may be (the signer refuses longer ones). */
#define SIGNER_LINE_MAX 4096

/* How long a caller waits for an answer, in ms. */
#define SIGNER_TIMEOUT_MS 10000

#endif
