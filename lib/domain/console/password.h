/*
 * password: console passwords, hashed with Argon2id (Debian's libargon2,
 * the reference implementation) into its encoded form, which carries the
 * salt and the parameters: a hash made under older parameters still
 * verifies after they change.
 */
#ifndef CEDIRAMP_CONSOLE_PASSWORD_H
#define CEDIRAMP_CONSOLE_PASSWORD_H

#include <stddef.h>

#define CONSOLE_PASSWORD_MIN 12  /* characters */
#define CONSOLE_PASSWORD_MAX 128
#define CONSOLE_HASH_MAX 160     /* an encoded hash, with its NUL */

/* 1 when pw is CONSOLE_PASSWORD_MIN to _MAX bytes of printable ASCII or
 * UTF-8 with no control byte, else 0. */
int console_password_ok(const char *pw);

/* The Argon2id hash of pw (a fresh 16-byte salt) into out (cap bytes,
 * CONSOLE_HASH_MAX is enough): 0, or -1. */
int console_password_hash(const char *pw, char *out, size_t cap);

/* 1 when pw matches encoded, else 0 (a malformed hash too). */
int console_password_verify(const char *encoded, const char *pw);

/* Spends what a verify spends, on a hash no password matches: a sign-in
 * for an unknown email takes as long as one for a known one. */
void console_password_burn(const char *pw);

#endif
