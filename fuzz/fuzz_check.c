/*
 * fuzz_check.c: the invariants the fuzzers check on generated D.
 *
 * The scan reads D the way its lexer does, as far as meta-d's output
 * needs: "..." is a string literal in which \ escapes the next byte;
 * outside literals, parentheses nest.  Metric authors write D expressions,
 * so a metric can put anything into a script; the checks on words apply
 * only to what is not in the input.
 */

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

void
fz_fail(const char *fmt, ...)
{
	va_list ap;

	(void) fputs("INVARIANT FAILED: ", stderr);
	va_start(ap, fmt);
	(void) vfprintf(stderr, fmt, ap);
	va_end(ap);
	(void) fputc('\n', stderr);
	abort();
}

static const char *const fz_words[] = {
	"undefined", "NaN", "Infinity", "[object Object]"
};

static int
fz_has(const char *hay, size_t n, const char *needle)
{
	size_t len = strlen(needle), i;

	for (i = 0; i + len <= n; i++) {
		if (memcmp(hay + i, needle, len) == 0)
			return (1);
	}
	return (0);
}

/* The value of the literal body s (len bytes, between the quotes). */
static char *
fz_unescape(const char *s, size_t len, size_t *outlen)
{
	char *out = malloc(len + 1);
	size_t i, o = 0;

	if (out == NULL)
		fz_fail("out of memory");
	for (i = 0; i < len; i++) {
		if (s[i] != '\\') {
			out[o++] = s[i];
			continue;
		}
		i++;
		if (s[i] == 'n') {
			out[o++] = '\n';
		} else if (s[i] == 't') {
			out[o++] = '\t';
		} else if (s[i] >= '0' && s[i] <= '7') {
			if (i + 2 >= len || s[i + 1] < '0' || s[i + 1] > '7' ||
			    s[i + 2] < '0' || s[i + 2] > '7')
				fz_fail("octal escape of less than 3 digits");
			out[o++] = (char)((s[i] - '0') * 64 +
			    (s[i + 1] - '0') * 8 + (s[i + 2] - '0'));
			i += 2;
		} else {
			out[o++] = s[i];
		}
	}
	out[o] = '\0';
	*outlen = o;
	return (out);
}

void
fz_check_d(const char *d, size_t len, const char *in, size_t inlen,
    fz_lit_f lit, void *arg)
{
	size_t i, start = 0, depth = 0, w;
	char *outside = malloc(len + 1);
	size_t olen = 0;
	int instr = 0;

	if (outside == NULL)
		fz_fail("out of memory");
	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)d[i];

		if (instr) {
			if (c == '\\') {
				if (i + 1 >= len)
					fz_fail("escape at the end of a script");
				i++;
			} else if (c == '"') {
				instr = 0;
				if (lit != NULL) {
					size_t vlen;
					char *v = fz_unescape(d + start,
					    i - start, &vlen);

					lit(v, vlen, arg);
					free(v);
				}
			} else if (c < 0x20 || c == 0x7f) {
				fz_fail("raw byte 0x%02x in a string literal "
				    "at offset %zu", c, i);
			}
			continue;
		}
		outside[olen++] = (char)c;
		if (c == '"') {
			instr = 1;
			start = i + 1;
		} else if (c == '(') {
			depth++;
		} else if (c == ')') {
			if (depth == 0)
				fz_fail("')' without '(' at offset %zu", i);
			depth--;
		}
	}
	if (instr)
		fz_fail("string literal not closed");
	if (depth != 0)
		fz_fail("%zu parentheses not closed", depth);
	for (w = 0; w < sizeof (fz_words) / sizeof (fz_words[0]); w++) {
		if (fz_has(outside, olen, fz_words[w]) &&
		    !fz_has(in, inlen, fz_words[w]))
			fz_fail("\"%s\" in a script", fz_words[w]);
	}
	free(outside);
}

void
fz_check_words(const char *d, size_t len, const char *in, size_t inlen)
{
	size_t w;

	for (w = 0; w < sizeof (fz_words) / sizeof (fz_words[0]); w++) {
		if (fz_has(d, len, fz_words[w]) && !fz_has(in, inlen, fz_words[w]))
			fz_fail("\"%s\" in a script", fz_words[w]);
	}
}

void
fz_check_message(const char *msg)
{
	if (msg[0] == '\0')
		fz_fail("empty message");
	if (strchr(msg, '\n') != NULL)
		fz_fail("message of more than one line: %s", msg);
}

md_errcode_t fz_gencode;

md_result_t *
fz_generate(const md_metric_t *m, const md_request_t *req)
{
	md_result_t *r;
	md_error_t err;
	size_t i;

	fz_gencode = MD_ERR_NONE;
	if ((r = md_generate(m, req, &err)) == NULL) {
		fz_gencode = err.mde_code;
		/* a predicate may name a field the metric lacks */
		if (err.mde_code != MD_ERR_TRANSLATE &&
		    err.mde_code != MD_ERR_LIMIT && err.mde_code != MD_ERR_NOMEM &&
		    err.mde_code != MD_ERR_D && !(err.mde_code == MD_ERR_FIELD &&
		    req->mdq_pred != NULL))
			fz_fail("generate: code %d: %s", err.mde_code,
			    err.mde_msg);
		fz_check_message(err.mde_msg);
		return (NULL);
	}
	/* what is handed out is D, as md_d_check() judges it */
	for (i = 0; i < r->mdr_nscripts; i++) {
		if (md_d_check(r->mdr_scripts[i], r->mdr_lens[i], NULL, NULL,
		    &err) != 0)
			fz_fail("script %zu is not D: %s", i, err.mde_msg);
	}
	return (r);
}

void
fz_check_svg(const char *svg, size_t len)
{
	md_error_t err;
	size_t i;

	if (len < 14 || strncmp(svg, "<?xml", 5) != 0 ||
	    strcmp(svg + len - 7, "</svg>\n") != 0 || strlen(svg) != len)
		fz_fail("the SVG is not one document");
	for (i = 0; i < len; i++) {
		if ((unsigned char)svg[i] < 0x20 && svg[i] != '\n')
			fz_fail("the SVG holds byte %d", svg[i]);
	}
	if (md_text_check(svg, len, "svg", &err) != 0)
		fz_fail("the SVG: %s", err.mde_msg);
}

void
fz_check_line_error(const md_error_t *err)
{
	if (err->mde_code == MD_ERR_NOMEM)
		return;
	if (err->mde_code != MD_ERR_LINE && err->mde_code != MD_ERR_LIMIT)
		fz_fail("error code %d: %s", err->mde_code, err->mde_msg);
	fz_check_message(err->mde_msg);
	if (err->mde_code == MD_ERR_LINE &&
	    strncmp(err->mde_msg, "line ", 5) != 0 &&
	    strncmp(err->mde_msg, "lines ", 6) != 0 &&
	    strncmp(err->mde_msg, "no line", 7) != 0)
		fz_fail("a message that names no line: %s", err->mde_msg);
}
