#include "core/keyfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <openssl/crypto.h>

#include "core/strict.h"

/* 64 hex digits and "\r\n" at most; anything longer is not a key file */
#define KEYFILE_MAX 66

int
keyfile_read_hex(const char *path, char hex[65], char *why, size_t cap)
{
	char text[KEYFILE_MAX + 1], shown[200];
	struct stat st;
	unsigned mode;
	ssize_t n;
	size_t len, i;
	int fd, rc = -1;

	hex[0] = '\0';
	strict_clip(shown, sizeof(shown), path, strlen(path));
	if ((fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)) < 0) {
		snprintf(why, cap, "key file %s: %s", shown, strerror(errno));
		return -1;
	}
	/* the file actually opened, not whatever the path names later */
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		snprintf(why, cap, "key file %s: not a regular file", shown);
		goto out;
	}
	mode = (unsigned)(st.st_mode & 07777);
	if (mode != 0400 && mode != 0440) {
		snprintf(why, cap, "key file %s: mode %04o; it must be 0400 or 0440 "
		    "(chmod 400 %s)", shown, mode, shown);
		goto out;
	}
	if (st.st_uid != 0 && st.st_uid != geteuid()) {
		snprintf(why, cap, "key file %s: owned by uid %u; it must be owned by root "
		    "or by the user reading it (uid %u)", shown, (unsigned)st.st_uid,
		    (unsigned)geteuid());
		goto out;
	}
	n = read(fd, text, sizeof(text));
	len = n > 0 ? (size_t)n : 0;
	if (n < 0 || len > KEYFILE_MAX)
		len = 0;
	if (len > 0 && text[len - 1] == '\n')
		len--;
	if (len > 0 && text[len - 1] == '\r')
		len--;
	for (i = 0; i < len && strict_hexval(text[i]) >= 0; i++)
		;
	if (len != 64 || i != len) {
		snprintf(why, cap, "key file %s: not 64 hexadecimal digits (a 32-byte key; "
		    "openssl rand -hex 32 makes one)", shown);
		goto out;
	}
	for (i = 0; i < 64; i++)
		hex[i] = (char)(text[i] >= 'A' && text[i] <= 'F' ? text[i] - 'A' + 'a' : text[i]);
	hex[64] = '\0';
	rc = 0;
out:
	OPENSSL_cleanse(text, sizeof(text));
	close(fd);
	return rc;
}
