/*
 * offline: keeps every fuzz target off the network. Each is linked with
 * -Wl,--wrap=getaddrinfo and -Wl,--wrap=curl_easy_perform (Makefile), so
 * the library's calls land here: getaddrinfo answers numeric hosts only
 * (AI_NUMERICHOST: no DNS, no hosts file) and a curl transfer aborts.
 */
#ifndef CEDIRAMP_FUZZ_OFFLINE_H
#define CEDIRAMP_FUZZ_OFFLINE_H

#include <netdb.h>
#include <sys/socket.h>
#include <curl/curl.h>

int __wrap_getaddrinfo(const char *node, const char *service,
    const struct addrinfo *hints, struct addrinfo **res);
int __real_getaddrinfo(const char *node, const char *service,
    const struct addrinfo *hints, struct addrinfo **res);
CURLcode __wrap_curl_easy_perform(CURL *h);

#endif
