#include "providers/keystore.h"

#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <openssl/crypto.h>
#include <openssl/rand.h>

#include "providers/evm_abi.h"
#include "providers/keystore_p11.h"

#define PIN_MAX 128

static pthread_mutex_t p11_lock = PTHREAD_MUTEX_INITIALIZER;

struct keystore {
	const char *kind;
	char address[EVM_ADDR_TEXT];
	unsigned char *key;     /* file: the key, in its own locked page */
	size_t key_page;        /* file: that page's size */
	struct p11_store *p11;  /* pkcs11 */
};

static struct keystore *
store_new(const char *kind)
{
	struct keystore *k = calloc(1, sizeof(*k));

	if (k != NULL)
		k->kind = kind;
	return k;
}

struct keystore *
keystore_open_file(const char *path, char *why, size_t cap)
{
	unsigned char addr[EVM_ADDR_LEN];
	struct keystore *k = store_new("file");
	long page = sysconf(_SC_PAGESIZE);

	if (k == NULL || page <= 0) {
		snprintf(why, cap, "no memory");
		free(k);
		return NULL;
	}
	/* a page of its own, never swapped out nor in a core dump */
	k->key_page = (size_t)page;
	k->key = mmap(NULL, k->key_page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
	    -1, 0);
	if (k->key == MAP_FAILED) {
		k->key = NULL;
		snprintf(why, cap, "no memory for the key");
		keystore_close(k);
		return NULL;
	}
	if (mlock(k->key, k->key_page) != 0) {
		snprintf(why, cap, "the key's memory cannot be locked (mlock; raise "
		    "RLIMIT_MEMLOCK for the signer's user)");
		keystore_close(k);
		return NULL;
	}
	(void)madvise(k->key, k->key_page, MADV_DONTDUMP);
	if (evm_key_load(path, k->key, why, cap) != 0) {
		keystore_close(k);
		return NULL;
	}
	if (evm_key_address(k->key, addr) != 0) {
		snprintf(why, cap, "the key in %s is not a valid secp256k1 key", path);
		keystore_close(k);
		return NULL;
	}
	evm_addr_format(addr, k->address);
	return k;
}

struct keystore *
keystore_make_file(const char *path, char *why, size_t cap)
{
	unsigned char key[EVM_KEY_LEN], addr[EVM_ADDR_LEN];
	char hex[2 * EVM_KEY_LEN + 2], tmp[4096];
	int fd, ok, i;

	if (access(path, F_OK) == 0)
		return keystore_open_file(path, why, cap); /* made before (a restart) */
	/* a random scalar in range (evm_key_address says so), from the
	 * kernel's random source */
	do {
		if (RAND_priv_bytes(key, sizeof(key)) != 1) {
			snprintf(why, cap, "no randomness for a key");
			return NULL;
		}
	} while (evm_key_address(key, addr) != 0);
	for (i = 0; i < EVM_KEY_LEN; i++)
		snprintf(hex + 2 * i, 3, "%02x", key[i]);
	hex[2 * EVM_KEY_LEN] = '\n';
	hex[2 * EVM_KEY_LEN + 1] = '\0';
	OPENSSL_cleanse(key, sizeof(key));
	if ((size_t)snprintf(tmp, sizeof(tmp), "%s.new", path) >= sizeof(tmp)) {
		snprintf(why, cap, "the key's path is too long");
		OPENSSL_cleanse(hex, sizeof(hex));
		return NULL;
	}
	/* written whole and synced under another name, then renamed: a crash
	 * leaves the key whole or not at all */
	(void)unlink(tmp);
	fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0400);
	ok = fd >= 0 && write(fd, hex, strlen(hex)) == (ssize_t)strlen(hex) && fsync(fd) == 0;
	OPENSSL_cleanse(hex, sizeof(hex));
	if (fd >= 0)
		close(fd);
	if (!ok || rename(tmp, path) != 0) {
		snprintf(why, cap, "the key file %s could not be written", path);
		(void)unlink(tmp);
		return NULL;
	}
	return keystore_open_file(path, why, cap);
}

/* The PIN in pin_file (one line, the signer's own file of mode 0400). */
static int
read_pin(const char *pin_file, char pin[PIN_MAX + 1], char *why, size_t cap)
{
	struct stat st;
	ssize_t n;
	int fd;

	if ((fd = open(pin_file, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)) < 0) {
		snprintf(why, cap, "PIN file %s cannot be opened", pin_file);
		return -1;
	}
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_uid != geteuid() ||
	    (st.st_mode & 077) != 0) {
		snprintf(why, cap, "PIN file %s: it must be the signer's own regular file, "
		    "readable by nobody else (chmod 400)", pin_file);
		close(fd);
		return -1;
	}
	n = read(fd, pin, PIN_MAX);
	close(fd);
	if (n <= 0) {
		snprintf(why, cap, "PIN file %s is empty", pin_file);
		return -1;
	}
	pin[n] = '\0';
	pin[strcspn(pin, "\r\n")] = '\0';
	return 0;
}

struct keystore *
keystore_open_pkcs11(const char *module, const char *token, const char *pin_file,
    const char *label, int create, char *why, size_t cap)
{
	unsigned char addr[EVM_ADDR_LEN];
	char pin[PIN_MAX + 1];
	struct keystore *k;

	if (read_pin(pin_file, pin, why, cap) != 0)
		return NULL;
	if ((k = store_new("pkcs11")) == NULL) {
		OPENSSL_cleanse(pin, sizeof(pin));
		snprintf(why, cap, "no memory");
		return NULL;
	}
	k->p11 = p11_open(module, token, pin, label, create, why, cap);
	OPENSSL_cleanse(pin, sizeof(pin));
	if (k->p11 == NULL) {
		free(k);
		return NULL;
	}
	p11_address(k->p11, addr);
	evm_addr_format(addr, k->address);
	return k;
}

const char *
keystore_kind(const struct keystore *k)
{
	return k->kind;
}

const char *
keystore_address(const struct keystore *k)
{
	return k->address;
}

int
keystore_sign(struct keystore *k, const unsigned char digest[32], unsigned char rs[64],
    int *recid)
{
	int rc;

	if (k->p11 != NULL) {
		/* the module was initialised without locking callbacks: one
		 * thread of the process in it at a time */
		(void)pthread_mutex_lock(&p11_lock);
		rc = p11_sign(k->p11, digest, rs, recid);
		(void)pthread_mutex_unlock(&p11_lock);
		return rc;
	}
	/* a file key: a context of its own each time, the key page read-only */
	return k->key != NULL ? evm_key_sign(k->key, digest, rs, recid) : -1;
}

void
keystore_close(struct keystore *k)
{
	if (k == NULL)
		return;
	if (k->key != NULL) {
		OPENSSL_cleanse(k->key, k->key_page);
		(void)munlock(k->key, k->key_page);
		(void)munmap(k->key, k->key_page);
	}
	if (k->p11 != NULL)
		p11_close(k->p11);
	free(k);
}
