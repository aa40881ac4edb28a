#include "providers/evm_abi.h"

#include <string.h>

#include "core/eip55.h"
#include "core/keccak.h"
#include "core/money.h"
#include "core/strict.h"

int
evm_unhex(const char *s, unsigned char *out, size_t n)
{
	size_t got;

	if (s == NULL || strlen(s) != 2 + 2 * n)
		return -1;
	return evm_unhex_any(s, out, n, &got) == 0 && got == n ? 0 : -1;
}

int
evm_unhex_any(const char *s, unsigned char *out, size_t cap, size_t *n)
{
	size_t len, i;

	if (s == NULL || s[0] != '0' || (s[1] != 'x' && s[1] != 'X'))
		return -1;
	s += 2;
	len = strlen(s);
	if (len % 2 != 0 || len / 2 > cap)
		return -1;
	for (i = 0; i < len / 2; i++) {
		int hi = strict_hexval(s[2 * i]), lo = strict_hexval(s[2 * i + 1]);

		if (hi < 0 || lo < 0)
			return -1;
		out[i] = (unsigned char)(hi << 4 | lo);
	}
	*n = len / 2;
	return 0;
}

void
evm_hex(const unsigned char *p, size_t n, char *out)
{
	static const char hex[] = "0123456789abcdef";
	size_t i;

	out[0] = '0';
	out[1] = 'x';
	for (i = 0; i < n; i++) {
		out[2 + 2 * i] = hex[p[i] >> 4];
		out[3 + 2 * i] = hex[p[i] & 15];
	}
	out[2 + 2 * n] = '\0';
}

int
evm_addr_parse(const char *s, unsigned char addr[EVM_ADDR_LEN])
{
	/* a mixed case address carries a checksum: a wrong one is a typo */
	if (s == NULL || !eip55_ok(s, strlen(s)))
		return -1;
	return evm_unhex(s, addr, EVM_ADDR_LEN);
}

int
evm_addr_ok(const char *s)
{
	unsigned char a[EVM_ADDR_LEN];

	return evm_addr_parse(s, a) == 0;
}

void
evm_addr_format(const unsigned char addr[EVM_ADDR_LEN], char out[EVM_ADDR_TEXT])
{
	evm_hex(addr, EVM_ADDR_LEN, out);
}

void
evm_addr_lower(char *s)
{
	for (; *s != '\0'; s++)
		if (*s >= 'A' && *s <= 'Z')
			*s = (char)(*s - 'A' + 'a');
}

void
evm_selector(const char *signature, unsigned char out[4])
{
	unsigned char md[KECCAK256_LEN];

	keccak256(signature, strlen(signature), md);
	memcpy(out, md, 4);
}

void
evm_topic(const char *signature, char out[EVM_HASH_TEXT])
{
	unsigned char md[KECCAK256_LEN];

	keccak256(signature, strlen(signature), md);
	evm_hex(md, sizeof(md), out);
}

int
evm_abi_selector(struct buf *b, const char *signature)
{
	unsigned char sel[4];

	evm_selector(signature, sel);
	return buf_append(b, sel, sizeof(sel));
}

int
evm_abi_bytes32(struct buf *b, const unsigned char w[EVM_WORD])
{
	return buf_append(b, w, EVM_WORD);
}

int
evm_abi_address(struct buf *b, const unsigned char addr[EVM_ADDR_LEN])
{
	unsigned char w[EVM_WORD] = { 0 };

	memcpy(w + EVM_WORD - EVM_ADDR_LEN, addr, EVM_ADDR_LEN);
	return evm_abi_bytes32(b, w);
}

int
evm_abi_uint(struct buf *b, const mpz_t v)
{
	unsigned char w[EVM_WORD] = { 0 };
	size_t count;

	if (mpz_sgn(v) < 0 || mpz_sizeinbase(v, 2) > 8 * EVM_WORD)
		return -1;
	if (mpz_sgn(v) > 0) {
		count = (mpz_sizeinbase(v, 2) + 7) / 8;
		mpz_export(w + EVM_WORD - count, NULL, 1, 1, 1, 0, v);
	}
	return evm_abi_bytes32(b, w);
}

void
evm_word_to_mpz(const unsigned char w[EVM_WORD], mpz_t v)
{
	mpz_import(v, EVM_WORD, 1, 1, 1, 0, w);
}

int
evm_id_word(const char *id, unsigned char out[EVM_WORD])
{
	size_t n = strlen(id);

	if (n > EVM_WORD)
		return -1;
	memset(out, 0, EVM_WORD);
	memcpy(out, id, n);
	return 0;
}

int
evm_units_from_text(const char *text, unsigned decimals, mpz_t units)
{
	return money_parse(text, decimals, units) == MONEY_OK ? 0 : -1;
}

int
evm_units_to_text(const mpz_t units, unsigned decimals, unsigned scale, char *out,
    size_t cap)
{
	mpz_t v, q, r;
	int rc = -1;

	if (mpz_sgn(units) < 0)
		return -1;
	mpz_inits(v, q, r, NULL);
	if (decimals > scale) {
		/* exact only when every digit past the scale is zero */
		mpz_ui_pow_ui(q, 10, decimals - scale);
		mpz_tdiv_qr(v, r, units, q);
		if (mpz_sgn(r) != 0)
			goto out;
	} else {
		mpz_ui_pow_ui(q, 10, scale - decimals);
		mpz_mul(v, units, q);
	}
	rc = money_format(v, scale, out, cap);
out:
	mpz_clears(v, q, r, NULL);
	return rc;
}
