#include "providers/evm_rlp.h"

/* The prefix of a string (base 0x80) or list (base 0xc0) of n bytes:
 * base + n below 56, else base + 55 + the length of n, then n big-endian. */
static int
prefix(struct buf *b, unsigned char base, size_t n)
{
	unsigned char p[1 + sizeof(size_t)];
	size_t len = 0, v;

	if (n < 56) {
		p[0] = (unsigned char)(base + n);
		return buf_append(b, p, 1);
	}
	for (v = n; v > 0; v >>= 8)
		len++;
	p[0] = (unsigned char)(base + 55 + len);
	for (v = 0; v < len; v++)
		p[1 + v] = (unsigned char)(n >> (8 * (len - 1 - v)));
	return buf_append(b, p, 1 + len);
}

/* The prefix, then n bytes of p; on failure b is as it was (no prefix
 * left dangling). */
static int
prefixed(struct buf *b, unsigned char base, const unsigned char *p, size_t n)
{
	size_t was = b->len;

	if (prefix(b, base, n) == 0 && (n == 0 || buf_append(b, p, n) == 0))
		return 0;
	b->len = was;
	if (b->data != NULL)
		b->data[was] = '\0';
	return -1;
}

int
evm_rlp_bytes(struct buf *b, const unsigned char *p, size_t n)
{
	if (n == 1 && p[0] < 0x80)
		return buf_append(b, p, 1);
	return prefixed(b, 0x80, p, n);
}

int
evm_rlp_uint_be(struct buf *b, const unsigned char *be, size_t n)
{
	while (n > 0 && be[0] == 0) {
		be++;
		n--;
	}
	return evm_rlp_bytes(b, be, n);
}

int
evm_rlp_uint(struct buf *b, uint64_t v)
{
	unsigned char be[8];
	size_t i;

	for (i = 0; i < 8; i++)
		be[i] = (unsigned char)(v >> (8 * (7 - i)));
	return evm_rlp_uint_be(b, be, sizeof(be));
}

int
evm_rlp_list(struct buf *b, const unsigned char *payload, size_t n)
{
	return prefixed(b, 0xc0, payload, n);
}
