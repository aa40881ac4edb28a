#include "providers/mail.h"

#include <sys/stat.h>

#include <curl/curl.h>
#include <openssl/crypto.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "core/buf.h"
#include "providers/prov_metrics.h"

/* Counts a send that libcurl ended with cc: ok when the server took it,
 * error when it refused it (a 4xx or 5xx reply), timeout, or unreachable. */
static void
count_send(CURLcode cc, CURL *c)
{
	long code = 0;

	curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &code);
	prov_metrics_call("mail", "send", cc == CURLE_OK ? PROV_CALL_OK :
	    cc == CURLE_OPERATION_TIMEDOUT ? PROV_CALL_TIMEOUT :
	    code >= 400 ? PROV_CALL_ERROR : PROV_CALL_UNREACHABLE, c);
}

/* The message as curl reads it. */
struct upload {
	const char *p;
	size_t left;
};

static size_t
give(char *out, size_t size, size_t n, void *arg)
{
	struct upload *u = arg;
	size_t k = size * n < u->left ? size * n : u->left;

	memcpy(out, u->p, k);
	u->p += k;
	u->left -= k;
	return k;
}

/* The login of mail.credentials_file into user and pass: 0, 1 (no file
 * set), or -1 (unreadable, readable by others, or not "user:password"). */
static int
credentials(const char *path, char *user, size_t ucap, char *pass, size_t pcap)
{
	char line[512], *colon;
	struct stat st;
	FILE *f;
	int rc = -1;

	if (path[0] == '\0')
		return 1;
	if (lstat(path, &st) != 0 || !S_ISREG(st.st_mode) || (st.st_mode & 0007) != 0 ||
	    (f = fopen(path, "re")) == NULL)
		return -1;
	if (fgets(line, sizeof(line), f) != NULL) {
		line[strcspn(line, "\r\n")] = '\0';
		if ((colon = strchr(line, ':')) != NULL && (size_t)(colon - line) < ucap &&
		    strlen(colon + 1) < pcap) {
			memcpy(user, line, (size_t)(colon - line));
			user[colon - line] = '\0';
			memcpy(pass, colon + 1, strlen(colon + 1) + 1);
			rc = 0;
		}
	}
	OPENSSL_cleanse(line, sizeof(line));
	fclose(f);
	return rc;
}

/* An address fit for an SMTP command and a header: no CR, LF, <, > or space. */
static int
plain_address(const char *a)
{
	return a != NULL && a[0] != '\0' && strpbrk(a, "\r\n<> \t") == NULL;
}

enum mail_rc
mail_send(const struct cfg *cfg, const char *to, const char *subject, const char *body,
    char *why, size_t cap)
{
	char user[256] = "", pass[256] = "", addr[300], date[64], idline[128];
	struct curl_slist *rcpt = NULL;
	struct upload up;
	struct buf msg;
	CURLcode cc;
	CURL *c;
	time_t now = time(NULL);
	struct tm tm;
	int cred;

	why[0] = '\0';
	if (cfg->mail_smtp_url[0] == '\0')
		return MAIL_OFF;
	if (!plain_address(to) || !plain_address(cfg->mail_from) ||
	    strpbrk(subject, "\r\n") != NULL) {
		snprintf(why, cap, "an address or the subject is not fit to send");
		return MAIL_FAILED;
	}
	if ((cred = credentials(cfg->mail_credentials_file, user, sizeof(user), pass,
	    sizeof(pass))) < 0) {
		snprintf(why, cap, "mail.credentials_file: unreadable, not user:password, "
		    "or readable by others");
		return MAIL_FAILED;
	}
	gmtime_r(&now, &tm);
	strftime(date, sizeof(date), "%a, %d %b %Y %H:%M:%S +0000", &tm);
	snprintf(idline, sizeof(idline), "<%lld.%ld@cediramp>", (long long)now, (long)clock());
	buf_init(&msg, 1024 * 1024);
	if (buf_puts(&msg, "Date: ") != 0 || buf_puts(&msg, date) != 0 ||
	    buf_puts(&msg, "\r\nFrom: ") != 0 || buf_puts(&msg, cfg->mail_from) != 0 ||
	    buf_puts(&msg, "\r\nTo: ") != 0 || buf_puts(&msg, to) != 0 ||
	    buf_puts(&msg, "\r\nMessage-ID: ") != 0 || buf_puts(&msg, idline) != 0 ||
	    buf_puts(&msg, "\r\nSubject: ") != 0 || buf_puts(&msg, subject) != 0 ||
	    buf_puts(&msg, "\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n"
	    "Content-Transfer-Encoding: 8bit\r\n\r\n") != 0 || buf_puts(&msg, body) != 0 ||
	    buf_puts(&msg, "\r\n") != 0 || (c = curl_easy_init()) == NULL) {
		buf_free(&msg);
		snprintf(why, cap, "out of memory");
		return MAIL_FAILED;
	}
	snprintf(addr, sizeof(addr), "<%s>", to);
	rcpt = curl_slist_append(NULL, addr);
	snprintf(addr, sizeof(addr), "<%s>", cfg->mail_from);
	up = (struct upload){ msg.data, msg.len };
	curl_easy_setopt(c, CURLOPT_URL, cfg->mail_smtp_url);
	curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "smtp,smtps");
	curl_easy_setopt(c, CURLOPT_MAIL_FROM, addr);
	curl_easy_setopt(c, CURLOPT_MAIL_RCPT, rcpt);
	curl_easy_setopt(c, CURLOPT_READFUNCTION, give);
	curl_easy_setopt(c, CURLOPT_READDATA, &up);
	curl_easy_setopt(c, CURLOPT_UPLOAD, 1L);
	curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, (long)cfg->provider_timeout_ms);
	/* STARTTLS: required unless mail.starttls says optional (a sink on
	 * this machine); smtps:// is TLS from the start either way */
	curl_easy_setopt(c, CURLOPT_USE_SSL, cfg->mail_starttls_optional ? (long)CURLUSESSL_TRY :
	    (long)CURLUSESSL_ALL);
	if (cred == 0) {
		curl_easy_setopt(c, CURLOPT_USERNAME, user);
		curl_easy_setopt(c, CURLOPT_PASSWORD, pass);
	}
	cc = curl_easy_perform(c);
	OPENSSL_cleanse(pass, sizeof(pass));
	count_send(cc, c);
	if (cc != CURLE_OK)
		snprintf(why, cap, "SMTP: %s", curl_easy_strerror(cc));
	curl_slist_free_all(rcpt);
	curl_easy_cleanup(c);
	buf_free(&msg);
	return cc == CURLE_OK ? MAIL_SENT : MAIL_FAILED;
}
