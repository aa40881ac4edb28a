/*
 * The response recording (IT_RECORD): every answer it_http receives is
 * appended to that file as one JSON line, with the test that asked for it,
 * so tools/openapi/validate.mjs can check each against the OpenAPI specs
 * after the run (docs/development.md, "Every response validated").
 */
#include "it.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static pthread_mutex_t rec_lock = PTHREAD_MUTEX_INITIALIZER;
static FILE *rec_file;
static int rec_opened;

/* The last header block of raw (a 100 Continue comes first) as an object
 * of lower-case names; a repeated header's values joined by ", ". */
static json_t *
headers_object(const char *raw)
{
	json_t *o = json_object();
	const char *p = raw;

	while (p != NULL && *p != '\0') {
		const char *eol = strstr(p, "\r\n"), *colon;
		size_t len = eol ? (size_t)(eol - p) : strlen(p);
		char name[128], value[8192];
		size_t i, nlen;
		json_t *had;

		if (len >= 5 && strncmp(p, "HTTP/", 5) == 0) {
			json_object_clear(o);
		} else if ((colon = memchr(p, ':', len)) != NULL &&
		    (nlen = (size_t)(colon - p)) < sizeof(name)) {
			const char *v = colon + 1, *end = p + len;

			for (i = 0; i < nlen; i++)
				name[i] = (char)(p[i] >= 'A' && p[i] <= 'Z' ? p[i] + 32 : p[i]);
			name[nlen] = '\0';
			while (v < end && (*v == ' ' || *v == '\t'))
				v++;
			had = json_object_get(o, name);
			snprintf(value, sizeof(value), "%s%s%.*s",
			    had ? json_string_value(had) : "", had ? ", " : "",
			    (int)(end - v), v);
			json_object_set_new(o, name, json_string(value));
		}
		p = eol ? eol + 2 : NULL;
	}
	return o;
}

void
it_record(const char *method, const char *path, const struct it_resp *r)
{
	const char *file = getenv("IT_RECORD");
	CU_pTest t = CU_get_current_test();
	CU_pSuite s = CU_get_current_suite();
	json_t *line, *body;
	char *text, ctype[128];
	int binary;

	if (file == NULL || *file == '\0')
		return;
	body = r->len > 0 ? json_stringn(r->body, r->len) : json_string("");
	/* an image's bytes are no text: recorded as binary, their length
	 * (the spec must say binary for its type); any other body that is not
	 * UTF-8 is recorded as such, and fails */
	binary = body == NULL && it_header(r, "Content-Type", ctype, sizeof(ctype)) != NULL &&
	    strncmp(ctype, "image/", 6) == 0;
	line = json_pack("{s:s, s:s, s:s, s:I, s:o, s:o*}",
	    "test", t && s ? t->pName : "(outside a test)",
	    "method", method, "path", path, "status", (json_int_t)r->status,
	    "headers", headers_object(r->headers),
	    "body", body ? body : binary ? json_string("") : json_null());
	if (line != NULL && binary)
		json_object_set_new(line, "binary", json_integer((json_int_t)r->len));
	if (line != NULL && s != NULL)
		json_object_set_new(line, "suite", json_string(s->pName));
	text = line ? json_dumps(line, JSON_COMPACT) : NULL;
	pthread_mutex_lock(&rec_lock);
	if (!rec_opened) {
		rec_opened = 1;
		rec_file = fopen(file, "ae");
		if (rec_file == NULL)
			fprintf(stderr, "it_record: cannot open %s\n", file);
	}
	if (rec_file != NULL && text != NULL) {
		fputs(text, rec_file);
		fputc('\n', rec_file);
		fflush(rec_file);
	}
	pthread_mutex_unlock(&rec_lock);
	free(text);
	json_decref(line);
}
