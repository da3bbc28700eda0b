/*
 * fuzz_observe.c: hostile metrics, and what reaches the scripts (SPEC
 * 7.18).  The input is a piece of D and where it goes: its first byte
 * picks a place in a small metric (a probe, a transform, an aggregating
 * function, a gather, a store's index, a local, a verify, a clean, an
 * entry's predicate, a local's type), the rest is the piece.  The metric
 * is loaded and generated for a few requests; whatever the piece holds,
 * no script may hold a control line (but the zone pragma meta-d writes
 * first) or a call of a destructive function.
 *
 * The scan is the fuzzer's own, not the library's lexer: outside string
 * literals and comments, a line whose first byte but blanks is '#', or a
 * word of the destructive list followed by '(' (not a member's name).
 */

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>

#include "fuzz.h"
#include "metad.h"

static const char *const fo_destructive[] = {
	"breakpoint", "chill", "copyout", "copyoutstr", "panic", "raise",
	"stop", "system"
};

/* Is the word at s + i (n bytes in all) a destructive call? Its end. */
static int
fo_call(const char *s, size_t n, size_t i, size_t *endp)
{
	size_t j, k, end;

	for (end = i; end < n && (isalnum((unsigned char)s[end]) ||
	    s[end] == '_'); end++)
		continue;
	*endp = end;
	for (k = 0; k < sizeof (fo_destructive) / sizeof (char *); k++) {
		if (strlen(fo_destructive[k]) != end - i ||
		    memcmp(s + i, fo_destructive[k], end - i) != 0)
			continue;
		for (j = end; j < n && isspace((unsigned char)s[j]); j++)
			continue;
		return (j < n && s[j] == '(');
	}
	return (0);
}

/* Does script s (n bytes) hold a control line or a destructive call? */
static void
fo_scan(const char *s, size_t n, int zone)
{
	size_t i = 0, end;
	int linestart = 1, member = 0;

	if (zone && strncmp(s, "#pragma D option zone=", 22) == 0)
		i = strcspn(s, "\n");
	for (; i < n; i++) {
		char c = s[i];

		if (c == '"') {
			for (i++; i < n && s[i] != '"'; i++)
				i += s[i] == '\\';
		} else if (c == '/' && i + 1 < n && s[i + 1] == '*') {
			for (i += 2; i + 1 < n && !(s[i] == '*' &&
			    s[i + 1] == '/'); i++)
				continue;
			i++;
		} else if (c == '#' && linestart) {
			fz_fail("a control line reached the script: %.40s",
			    s + i);
		} else if (isalpha((unsigned char)c) || c == '_') {
			if (fo_call(s, n, i, &end) && !member)
				fz_fail("a destructive call reached the script: "
				    "%.40s", s + i);
			i = end - 1;
		}
		if (c == '\n')
			linestart = 1;
		else if (c != ' ' && c != '\t')
			linestart = 0;
		if (!isspace((unsigned char)c))
			member = c == '.' || (c == '>' && i > 0 &&
			    s[i - 1] == '-');
	}
}

/* The metric with piece at place p, as JSON text (cJSON escapes it). */
static char *
fo_metric(unsigned p, const char *piece)
{
	static const char skel[] = "{\"fields\": [\"f\", \"g\"], \"metad\": {"
	    "\"locals\": [{\"l\": \"int\"}], \"probedesc\": ["
	    "{\"probes\": [\"syscall:::entry\"], \"gather\": {\"f\": "
	    "{\"gather\": \"timestamp\", \"store\": \"thread[tid]\"}}},"
	    "{\"probes\": [\"syscall:::return\"], \"local\": [{\"l\": \"1\"}],"
	    "\"predicate\": \"$f0 > 0\", \"aggregate\": {\"default\": "
	    "\"count()\", \"f\": \"quantize($0)\", \"g\": \"count()\"},"
	    "\"transforms\": {\"f\": \"timestamp - $0\", \"g\": \"execname\"},"
	    "\"verify\": {\"f\": \"$0\"}},"
	    "{\"probes\": [\"syscall:::return\"], \"clean\": {\"f\": \"$0\"}}"
	    "]}}";
	cJSON *root = cJSON_Parse(skel), *pds, *pd0, *pd1, *s;
	char *text;

	if (root == NULL || (s = cJSON_CreateString(piece)) == NULL)
		fz_fail("out of memory");
	pds = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(
	    root, "metad"), "probedesc");
	pd0 = cJSON_GetArrayItem(pds, 0);
	pd1 = cJSON_GetArrayItem(pds, 1);
#define	FO_AT(o, k)	cJSON_GetObjectItemCaseSensitive(o, k)
	switch (p % 10) {
	case 0: cJSON_ReplaceItemInArray(FO_AT(pd1, "probes"), 0, s); break;
	case 1: cJSON_ReplaceItemInObject(FO_AT(pd1, "transforms"), "g", s);
		break;
	case 2: cJSON_ReplaceItemInObject(FO_AT(pd1, "aggregate"), "g", s);
		break;
	case 3: cJSON_ReplaceItemInObject(FO_AT(FO_AT(pd0, "gather"), "f"),
		    "gather", s); break;
	case 4: cJSON_ReplaceItemInObject(FO_AT(FO_AT(pd0, "gather"), "f"),
		    "store", s); break;
	case 5: cJSON_ReplaceItemInObject(cJSON_GetArrayItem(FO_AT(pd1,
		    "local"), 0), "l", s); break;
	case 6: cJSON_ReplaceItemInObject(FO_AT(pd1, "verify"), "f", s); break;
	case 7: cJSON_ReplaceItemInObject(FO_AT(cJSON_GetArrayItem(pds, 2),
		    "clean"), "f", s); break;
	case 8: cJSON_ReplaceItemInObject(pd1, "predicate", s); break;
	default: cJSON_ReplaceItemInObject(cJSON_GetArrayItem(FO_AT(FO_AT(root,
		    "metad"), "locals"), 0), "l", s); break;
	}
#undef	FO_AT
	if ((text = cJSON_PrintUnformatted(root)) == NULL)
		fz_fail("out of memory");
	cJSON_Delete(root);
	return (text);
}

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const zones[] = { "z1" };
	md_decomp_t d[2] = { { "g", MD_DECOMP_STRING },
	    { "f", MD_DECOMP_NUMBER } };
	md_request_t req;
	md_metric_t *m;
	md_result_t *r;
	md_error_t err;
	char *piece, *text;
	size_t i, k;

	if (size < 1 || (piece = malloc(size)) == NULL)
		return (0);
	(void) memcpy(piece, data + 1, size - 1);
	piece[size - 1] = '\0';
	text = fo_metric(data[0], piece);
	free(piece);
	m = md_metric_load(text, strlen(text), &err);
	free(text);
	if (m == NULL) {
		fz_check_message(err.mde_msg);
		return (0);
	}
	for (k = 0; k < 4; k++) {
		(void) memset(&req, 0, sizeof (req));
		req.mdq_decomps = d;
		req.mdq_ndecomps = k < 3 ? k : 2;
		req.mdq_zones = k == 3 ? zones : NULL;
		req.mdq_nzones = k == 3;
		req.mdq_hostname = "fuzzhost";
		if ((r = fz_generate(m, &req)) == NULL)
			continue;
		for (i = 0; i < r->mdr_nscripts; i++)
			fo_scan(r->mdr_scripts[i], r->mdr_lens[i],
			    r->mdr_perzone);
		md_result_free(r);
	}
	md_metric_free(m);
	return (0);
}
