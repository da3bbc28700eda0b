/*
 * cli_out.c: what meta-d writes once it has its scripts.
 *
 * Text (the default) is the scripts joined as the original printed them;
 * JSON (--json) is one document with the scripts and what a consumer needs
 * to read their aggregation; files (-o DIR) are one script each, written
 * under a temporary name and renamed, so no partial file is ever left.
 */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cJSON.h>

#include "cli.h"

/* Write all of buf to fd.  Returns 0, or -1 with errno set. */
int
md_cli_write(int fd, const char *buf, size_t len)
{
	ssize_t n;

	while (len > 0) {
		if ((n = write(fd, buf, len)) < 0) {
			if (errno == EINTR)
				continue;
			return (-1);
		}
		buf += n;
		len -= (size_t)n;
	}
	return (0);
}

/*
 * The JSON document of a result: scripts, zero (0, [] or {} as the
 * original returned it), hasdists, hasdecomps, and fields, the fields of
 * the aggregation's key in order.  NULL when out of memory.
 */
char *
md_cli_json(const md_result_t *r, size_t *lenp)
{
	cJSON *doc = cJSON_CreateObject(), *scripts, *fields, *zero;
	char *text = NULL, *out = NULL;
	size_t i, len;

	if (doc == NULL)
		return (NULL);
	if ((scripts = cJSON_AddArrayToObject(doc, "scripts")) == NULL)
		goto out;
	zero = r->mdr_zero == MD_ZERO_DECOMP ? cJSON_CreateObject() :
	    r->mdr_zero == MD_ZERO_DIST ? cJSON_CreateArray() :
	    cJSON_CreateNumber(0);
	/* once added, zero belongs to doc */
	if (zero == NULL || !cJSON_AddItemToObject(doc, "zero", zero)) {
		cJSON_Delete(zero);
		goto out;
	}
	if (cJSON_AddBoolToObject(doc, "hasdists", r->mdr_hasdists) == NULL ||
	    cJSON_AddBoolToObject(doc, "hasdecomps", r->mdr_hasdecomps) ==
	    NULL || (fields = cJSON_AddArrayToObject(doc, "fields")) == NULL)
		goto out;
	for (i = 0; i < r->mdr_nscripts; i++) {
		cJSON *s = cJSON_CreateString(r->mdr_scripts[i]);

		if (s == NULL || !cJSON_AddItemToArray(scripts, s)) {
			cJSON_Delete(s);
			goto out;
		}
	}
	for (i = 0; i < r->mdr_nkeys; i++) {
		cJSON *f = cJSON_CreateString(r->mdr_keys[i]);

		if (f == NULL || !cJSON_AddItemToArray(fields, f)) {
			cJSON_Delete(f);
			goto out;
		}
	}
	if ((text = cJSON_PrintUnformatted(doc)) == NULL)
		goto out;
	len = strlen(text);
	if ((out = malloc(len + 2)) != NULL) {
		(void) memcpy(out, text, len);
		out[len] = '\n';
		out[len + 1] = '\0';
		*lenp = len + 1;
	}
out:
	cJSON_Delete(doc);
	cJSON_free(text);
	return (out);
}

/* Write buf to a new file beside path; its name in tmp (tmplen bytes). */
static int
md_cli_tmpfile(const char *path, const char *buf, size_t len, char *tmp,
    size_t tmplen, mode_t mode)
{
	const char *base = strrchr(path, '/');
	int fd, e;

	base = base == NULL ? path : base + 1;
	if (snprintf(tmp, tmplen, "%.*s.%s.XXXXXX", (int)(base - path), path,
	    base) >= (int)tmplen) {
		errno = ENAMETOOLONG;
		return (-1);
	}
	if ((fd = mkstemp(tmp)) < 0)
		return (-1);
	if (fchmod(fd, mode) != 0 || md_cli_write(fd, buf, len) != 0 ||
	    fsync(fd) != 0) {
		e = errno;
		(void) close(fd);
		(void) unlink(tmp);
		errno = e;
		return (-1);
	}
	if (close(fd) != 0) {
		e = errno;
		(void) unlink(tmp);
		errno = e;
		return (-1);
	}
	return (0);
}

/*
 * Write each script of r to DIR/NAME.d, or DIR/NAME-ZONE.d when the
 * scripts are per zone (zones are the request's).  All are written under
 * temporary names first and renamed only when all are complete.  The
 * paths written, a line each, go to *listp (*listlenp bytes; the caller
 * frees it).  Returns 0, or -1 with errno set and the path at fault in
 * what (whatlen bytes).
 */
int
md_cli_files(const md_result_t *r, const char *const *zones, const char *dir,
    const char *name, char **listp, size_t *listlenp, char *what,
    size_t whatlen)
{
	size_t n = r->mdr_nscripts, i, len = 0, cap = 0;
	char **paths = calloc(n, sizeof (char *));
	char **tmps = calloc(n, sizeof (char *));
	char *list = NULL;
	mode_t mask;
	int e = 0;

	*what = '\0';
	if (paths == NULL || tmps == NULL) {
		e = ENOMEM;
		goto out;
	}
	if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
		e = errno;
		(void) snprintf(what, whatlen, "%s", dir);
		goto out;
	}
	mask = umask(0);
	(void) umask(mask);

	for (i = 0; i < n; i++) {
		size_t plen = strlen(dir) + strlen(name) + 80;

		if (r->mdr_perzone)
			plen += strlen(zones[i]);
		if ((paths[i] = malloc(plen)) == NULL ||
		    (tmps[i] = malloc(plen + 16)) == NULL) {
			e = ENOMEM;
			goto out;
		}
		(void) snprintf(paths[i], plen, "%s/%s%s%s.d", dir, name,
		    r->mdr_perzone ? "-" : "", r->mdr_perzone ? zones[i] : "");
		cap += strlen(paths[i]) + 1;
		if (md_cli_tmpfile(paths[i], r->mdr_scripts[i], r->mdr_lens[i],
		    tmps[i], plen + 16, 0666 & ~mask) != 0) {
			e = errno;
			(void) snprintf(what, whatlen, "%s", paths[i]);
			free(tmps[i]);
			tmps[i] = NULL;
			goto out;
		}
	}
	if ((list = malloc(cap + 1)) == NULL) {
		e = ENOMEM;
		goto out;
	}
	for (i = 0; i < n; i++) {
		if (rename(tmps[i], paths[i]) != 0) {
			e = errno;
			(void) snprintf(what, whatlen, "%s", paths[i]);
			goto out;
		}
		free(tmps[i]);
		tmps[i] = NULL;
		len += (size_t)sprintf(list + len, "%s\n", paths[i]);
	}
out:
	for (i = 0; i < n && tmps != NULL && paths != NULL; i++) {
		if (tmps[i] != NULL)
			(void) unlink(tmps[i]);
		free(tmps[i]);
		free(paths[i]);
	}
	free(tmps);
	free(paths);
	if (e != 0) {
		free(list);
		errno = e;
		return (-1);
	}
	*listp = list;
	*listlenp = len;
	return (0);
}
