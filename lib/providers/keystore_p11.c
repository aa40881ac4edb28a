#include "providers/keystore_p11.h"

#include <dlfcn.h>
#include <openssl/crypto.h>
#include <secp256k1.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <p11-kit/pkcs11.h>

#include "core/keccak.h"

struct p11_store {
	void *lib;
	CK_FUNCTION_LIST_PTR f;
	CK_SESSION_HANDLE session;
	CK_OBJECT_HANDLE priv;
	unsigned char addr[EVM_ADDR_LEN];
	int initialized, open; /* initialized: counted in p11_stores */
};

/* A module's state is the process's, not a session's: logging out logs
 * out every session of the token, and C_Finalize ends them all. So the
 * stores of one process (the operator's keys and the owner's, during a
 * rotation) share it: the stores open, and whether one of them
 * initialised the module, which the last one to close finalises. */
static int p11_stores, p11_initialized;

/* secp256k1's OID, 1.3.132.0.10, DER-encoded: the key's CKA_EC_PARAMS */
static const unsigned char secp256k1_oid[] = { 0x06, 0x05, 0x2b, 0x81, 0x04, 0x00, 0x0a };

/* The object of class labelled label, or CK_INVALID_HANDLE. */
static CK_OBJECT_HANDLE
find(struct p11_store *s, CK_OBJECT_CLASS class, const char *label)
{
	CK_ATTRIBUTE t[] = {
		{ CKA_CLASS, &class, sizeof(class) },
		{ CKA_LABEL, (void *)label, strlen(label) },
	};
	CK_OBJECT_HANDLE h = CK_INVALID_HANDLE;
	CK_ULONG n = 0;

	if (s->f->C_FindObjectsInit(s->session, t, 2) != CKR_OK)
		return CK_INVALID_HANDLE;
	if (s->f->C_FindObjects(s->session, &h, 1, &n) != CKR_OK || n != 1)
		h = CK_INVALID_HANDLE;
	(void)s->f->C_FindObjectsFinal(s->session);
	return h;
}

/* A key pair labelled label made in the token: sensitive, not extractable. */
static CK_RV
generate(struct p11_store *s, const char *label)
{
	CK_MECHANISM m = { CKM_EC_KEY_PAIR_GEN, NULL, 0 };
	CK_BBOOL yes = CK_TRUE, no = CK_FALSE;
	CK_ATTRIBUTE pub[] = {
		{ CKA_EC_PARAMS, (void *)secp256k1_oid, sizeof(secp256k1_oid) },
		{ CKA_TOKEN, &yes, sizeof(yes) },
		{ CKA_VERIFY, &yes, sizeof(yes) },
		{ CKA_LABEL, (void *)label, strlen(label) },
	};
	CK_ATTRIBUTE priv[] = {
		{ CKA_TOKEN, &yes, sizeof(yes) },
		{ CKA_PRIVATE, &yes, sizeof(yes) },
		{ CKA_SENSITIVE, &yes, sizeof(yes) },
		{ CKA_EXTRACTABLE, &no, sizeof(no) },
		{ CKA_SIGN, &yes, sizeof(yes) },
		{ CKA_LABEL, (void *)label, strlen(label) },
	};
	CK_OBJECT_HANDLE hpub, hpriv;

	return s->f->C_GenerateKeyPair(s->session, &m, pub, 4, priv, 6, &hpub, &hpriv);
}

/* The address of the public key labelled label (its CKA_EC_POINT: the
 * uncompressed point, DER-wrapped in an OCTET STRING or bare). 0 or -1. */
static int
address_of(struct p11_store *s, const char *label)
{
	CK_OBJECT_HANDLE pub = find(s, CKO_PUBLIC_KEY, label);
	unsigned char point[80], hash[KECCAK256_LEN];
	CK_ATTRIBUTE a = { CKA_EC_POINT, point, sizeof(point) };
	const unsigned char *xy;

	if (pub == CK_INVALID_HANDLE || s->f->C_GetAttributeValue(s->session, pub, &a, 1) != CKR_OK)
		return -1;
	if (a.ulValueLen == 67 && point[0] == 0x04 && point[1] == 65 && point[2] == 0x04)
		xy = point + 3;
	else if (a.ulValueLen == 65 && point[0] == 0x04)
		xy = point + 1;
	else
		return -1;
	keccak256(xy, 64, hash);
	memcpy(s->addr, hash + KECCAK256_LEN - EVM_ADDR_LEN, EVM_ADDR_LEN);
	return 0;
}

/* The slot whose token is labelled label (blank-padded to 32). 0 or -1. */
static int
slot_of(struct p11_store *s, const char *label, CK_SLOT_ID *out)
{
	CK_SLOT_ID *slots = NULL;
	CK_ULONG n = 0, i;
	CK_TOKEN_INFO info;
	char want[32];
	size_t len = strlen(label);
	int rc = -1;

	if (len > sizeof(want))
		return -1;
	memset(want, ' ', sizeof(want));
	memcpy(want, label, len);
	if (s->f->C_GetSlotList(CK_TRUE, NULL, &n) != CKR_OK || n == 0 ||
	    (slots = calloc(n, sizeof(*slots))) == NULL ||
	    s->f->C_GetSlotList(CK_TRUE, slots, &n) != CKR_OK)
		goto out;
	for (i = 0; i < n && rc != 0; i++)
		if (s->f->C_GetTokenInfo(slots[i], &info) == CKR_OK &&
		    memcmp(info.label, want, sizeof(want)) == 0) {
			*out = slots[i];
			rc = 0;
		}
out:
	free(slots);
	return rc;
}

struct p11_store *
p11_open(const char *module, const char *token, const char *pin, const char *label,
    int create, char *why, size_t cap)
{
	struct p11_store *s = calloc(1, sizeof(*s));
	CK_C_GetFunctionList get;
	CK_SLOT_ID slot;
	CK_RV rv;

	if (s == NULL) {
		snprintf(why, cap, "out of memory");
		return NULL;
	}
	if ((s->lib = dlopen(module, RTLD_NOW | RTLD_LOCAL)) == NULL) {
		snprintf(why, cap, "PKCS#11 module %s: %s", module, dlerror());
		goto fail;
	}
	*(void **)&get = dlsym(s->lib, "C_GetFunctionList");
	if (get == NULL || get(&s->f) != CKR_OK) {
		snprintf(why, cap, "PKCS#11 module %s: no function list", module);
		goto fail;
	}
	rv = s->f->C_Initialize(NULL);
	if (rv != CKR_OK && rv != CKR_CRYPTOKI_ALREADY_INITIALIZED) {
		snprintf(why, cap, "PKCS#11 module %s: C_Initialize 0x%lx", module, rv);
		goto fail;
	}
	s->initialized = 1; /* counted: closing it may finalise */
	p11_stores++;
	if (rv == CKR_OK)
		p11_initialized = 1;
	if (slot_of(s, token, &slot) != 0) {
		snprintf(why, cap, "PKCS#11: no token labelled %s", token);
		goto fail;
	}
	if ((rv = s->f->C_OpenSession(slot, CKF_SERIAL_SESSION | CKF_RW_SESSION, NULL, NULL,
	    &s->session)) != CKR_OK) {
		snprintf(why, cap, "PKCS#11: C_OpenSession 0x%lx", rv);
		goto fail;
	}
	s->open = 1;
	if ((rv = s->f->C_Login(s->session, CKU_USER, (CK_UTF8CHAR_PTR)pin, strlen(pin))) !=
	    CKR_OK && rv != CKR_USER_ALREADY_LOGGED_IN) {
		snprintf(why, cap, "PKCS#11: the token %s refused the PIN (0x%lx)", token, rv);
		goto fail;
	}
	s->priv = find(s, CKO_PRIVATE_KEY, label);
	if (s->priv == CK_INVALID_HANDLE && create) {
		if ((rv = generate(s, label)) != CKR_OK) {
			snprintf(why, cap, "PKCS#11: generating key %s: 0x%lx", label, rv);
			goto fail;
		}
		s->priv = find(s, CKO_PRIVATE_KEY, label);
	}
	if (s->priv == CK_INVALID_HANDLE || address_of(s, label) != 0) {
		snprintf(why, cap, "PKCS#11: no secp256k1 key pair labelled %s in %s", label, token);
		goto fail;
	}
	return s;
fail:
	p11_close(s);
	return NULL;
}

void
p11_close(struct p11_store *s)
{
	if (s == NULL)
		return;
	/* no C_Logout: it would log the other stores' sessions out too; the
	 * last session closed logs out */
	if (s->open)
		(void)s->f->C_CloseSession(s->session);
	if (s->initialized && --p11_stores == 0 && p11_initialized) {
		(void)s->f->C_Finalize(NULL);
		p11_initialized = 0;
	}
	if (s->lib != NULL)
		dlclose(s->lib);
	free(s);
}

void
p11_address(const struct p11_store *s, unsigned char addr[EVM_ADDR_LEN])
{
	memcpy(addr, s->addr, EVM_ADDR_LEN);
}

int
p11_sign(struct p11_store *s, const unsigned char digest[32], unsigned char rs[64],
    int *recid)
{
	CK_MECHANISM m = { CKM_ECDSA, NULL, 0 };
	unsigned char sig[72], got[EVM_ADDR_LEN];
	CK_ULONG n = sizeof(sig);
	secp256k1_context *c;
	secp256k1_ecdsa_signature es;
	int id, rc = -1;

	if (s->f->C_SignInit(s->session, &m, s->priv) != CKR_OK ||
	    s->f->C_Sign(s->session, (CK_BYTE_PTR)digest, 32, sig, &n) != CKR_OK || n != 64)
		return -1;
	/* Ethereum takes only the low S of the two valid ones */
	if ((c = secp256k1_context_create(SECP256K1_CONTEXT_NONE)) == NULL)
		return -1;
	if (secp256k1_ecdsa_signature_parse_compact(c, &es, sig) &&
	    (secp256k1_ecdsa_signature_normalize(c, &es, &es), 1) &&
	    secp256k1_ecdsa_signature_serialize_compact(c, rs, &es))
		rc = 0;
	secp256k1_context_destroy(c);
	/* the recovery id: the one that recovers this key's address */
	for (id = 0; rc == 0 && id < 2; id++)
		if (evm_key_recover(digest, rs, id, got) == 0 &&
		    CRYPTO_memcmp(got, s->addr, EVM_ADDR_LEN) == 0) {
			*recid = id;
			return 0;
		}
	return -1;
}

int
p11_key_sealed(struct p11_store *s)
{
	unsigned char value[64];
	CK_ATTRIBUTE a = { CKA_VALUE, value, sizeof(value) };
	CK_RV rv = s->f->C_GetAttributeValue(s->session, s->priv, &a, 1);

	OPENSSL_cleanse(value, sizeof(value));
	if (rv == CKR_ATTRIBUTE_SENSITIVE)
		return 1;
	return rv == CKR_OK ? 0 : -1;
}
