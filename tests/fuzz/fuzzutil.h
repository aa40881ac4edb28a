/*
 * fuzzutil: what the fuzz targets share: reading a fuzzer's input in
 * pieces, and stopping the run (abort, which libFuzzer reports as a crash
 * and keeps the input of) when the code under test breaks a promise.
 */
#ifndef CEDIRAMP_FUZZUTIL_H
#define CEDIRAMP_FUZZUTIL_H

#include <stddef.h>
#include <stdint.h>

/* The input not read yet. */
struct fz_in {
	const uint8_t *p;
	size_t n;
};

/* The next byte, or 0 when the input is used up. */
uint8_t fz_byte(struct fz_in *in);

/* The next four bytes as a big-endian number (missing bytes read 0). */
uint32_t fz_u32(struct fz_in *in);

/* The next eight bytes as a big-endian number (missing bytes read 0). */
uint64_t fz_u64(struct fz_in *in);

/*
 * The bytes up to the first sep (which is consumed) or to the end, as a
 * new NUL-terminated string (caller frees) of *len bytes (len may be
 * NULL). Never NULL: a failed allocation aborts.
 */
char *fz_cut(struct fz_in *in, char sep, size_t *len);

/* 1 when s has no control byte (below 0x20, or 0x7f), else 0. */
int fz_no_controls(const char *s);

/* n bytes at p as a new NUL-terminated string (caller frees; never NULL). */
char *fz_strndup(const void *p, size_t n);

/* Prints where and what was broken, then abort()s. */
_Noreturn void fz_fail(const char *file, int line, const char *what);

/* Stops the run when cond is false: a promise the code made is broken. */
#define FZ_CHECK(cond) \
	((cond) ? (void)0 : fz_fail(__FILE__, __LINE__, #cond))

#endif
