/*
 * phone: Ghana mobile numbers in E.164, the only form the service takes:
 * "+233" and 9 digits, the national number starting 2 or 5 (mobile
 * ranges). The network is never guessed from the prefix: numbers are
 * portable, and the provider's account lookup decides.
 */
#ifndef CEDIRAMP_PHONE_H
#define CEDIRAMP_PHONE_H

#include <stddef.h>

#define PHONE_E164_LEN 13 /* "+233" + 9 digits */

/* 1 when s is exactly a Ghana mobile number in E.164, else 0. */
int phone_valid(const char *s);

/* The MSISDN of a valid number (no "+": "233241234567") into out (at least
 * 13 bytes). 0, or -1 for an invalid number. */
int phone_msisdn(const char *e164, char *out, size_t cap);

/* The last three digits as a number 0..999 (the sandbox's magic suffix);
 * -1 for an invalid number. */
int phone_suffix(const char *e164);

#endif
