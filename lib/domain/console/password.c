#include "domain/console/password.h"

#include <argon2.h>
#include <openssl/rand.h>
#include <string.h>

/*
 * OWASP's second Argon2id setting (12 MiB, 3 passes, 1 lane): about 25 ms
 * a hash on this machine, so a sign-in stays well under 100 ms.
 */
#define T_COST 3
#define M_COST (12 * 1024)
#define LANES 1
#define SALT_BYTES 16
#define HASH_BYTES 32

int
console_password_ok(const char *pw)
{
	size_t n, i;

	if (pw == NULL)
		return 0;
	n = strlen(pw);
	if (n < CONSOLE_PASSWORD_MIN || n > CONSOLE_PASSWORD_MAX)
		return 0;
	for (i = 0; i < n; i++)
		if ((unsigned char)pw[i] < 0x20 || pw[i] == 0x7f)
			return 0;
	return 1;
}

int
console_password_hash(const char *pw, char *out, size_t cap)
{
	unsigned char salt[SALT_BYTES];

	if (RAND_bytes(salt, sizeof(salt)) != 1)
		return -1;
	if (argon2_encodedlen(T_COST, M_COST, LANES, SALT_BYTES, HASH_BYTES, Argon2_id) > cap)
		return -1;
	return argon2id_hash_encoded(T_COST, M_COST, LANES, pw, strlen(pw), salt,
	    sizeof(salt), HASH_BYTES, out, cap) == ARGON2_OK ? 0 : -1;
}

int
console_password_verify(const char *encoded, const char *pw)
{
	if (encoded == NULL || pw == NULL || strncmp(encoded, "$argon2id$", 10) != 0)
		return 0;
	return argon2id_verify(encoded, pw, strlen(pw)) == ARGON2_OK;
}

void
console_password_burn(const char *pw)
{
	/* a hash of no one's password, with the same parameters, made once
	 * per process */
	static char nobody[CONSOLE_HASH_MAX];

	if (nobody[0] == '\0' &&
	    console_password_hash("the password of no one at all", nobody, sizeof(nobody)) != 0)
		return;
	(void)console_password_verify(nobody, pw != NULL ? pw : "");
}
