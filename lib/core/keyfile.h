/*
 * keyfile: a 32-byte key read from its own file (64 hex digits and an
 * optional newline), for the keys that must not sit in the shared config
 * (webhooks.encryption_key_file; docs/security.md, "Webhook secrets").
 *
 * The file must be a regular file (not a symbolic link), of mode 0400 or
 * 0440, owned by root or by the user reading it: a key anyone else can
 * write, or read, is refused, and the program does not start.
 */
#ifndef CEDIRAMP_KEYFILE_H
#define CEDIRAMP_KEYFILE_H

#include <stddef.h>

/*
 * Reads the key of the file at path into hex (65 bytes: 64 lowercase hex
 * digits and a NUL). 0, or -1 with why (cap bytes) saying what is wrong
 * and hex wiped.
 */
int keyfile_read_hex(const char *path, char hex[65], char *why, size_t cap);

#endif
