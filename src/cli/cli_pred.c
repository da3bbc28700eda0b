/*
 * cli_pred.c: -p, the predicate parsed; when it is no JSON, what the
 * shell likely did to it, and the predicate as it was likely meant.
 *
 * JSON quotes its strings and keys with double quotes, and a shell
 * quotes its words with single or double ones: -p '{"eq": ["execname",
 * 'postgres']}' reaches meta-d as {"eq": ["execname", postgres]} (the
 * shell took the inner quotes for its own), and -p "{'eq': ...}" brings
 * single quotes.  Either way, the text read with every bare word and
 * every single-quoted string in double quotes is a predicate: that is
 * the one suggested, quoted for the shell.
 */

#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* What the text holds outside its double-quoted strings. */
#define	HINT_BARE	0x1	/* a word that is no true, false, null */
#define	HINT_SINGLE	0x2	/* a single-quoted string */

static int
is_wordc(char c, int first)
{
	return (c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' &&
	    c <= 'Z') || (!first && c >= '0' && c <= '9'));
}

/* The end of the double-quoted string at s ('"'), or NULL. */
static const char *
dq_end(const char *s)
{
	for (s++; *s != '\0' && *s != '"'; s++) {
		if (*s == '\\' && s[1] != '\0')
			s++;
	}
	return (*s == '"' ? s + 1 : NULL);
}

/*
 * p with every bare word and single-quoted string (holding no '"' or
 * '\') in double quotes, in *fixedp (allocated), and what was found
 * (HINT_*); 0 and no text if there is nothing to fix or no memory.
 */
static int
pred_requote(const char *p, char **fixedp)
{
	size_t n, len = strlen(p);
	const char *e;
	char *o;
	int found = 0;

	*fixedp = NULL;
	if ((o = *fixedp = malloc(len + 2 * len + 1)) == NULL)
		return (0);
	while (*p != '\0') {
		if (*p == '"' && (e = dq_end(p)) != NULL) {
			n = (size_t)(e - p);
		} else if (*p == '\'' &&
		    p[1 + (n = strcspn(p + 1, "'\"\\"))] == '\'') {
			*o++ = '"';
			(void) memcpy(o, p + 1, n);
			o += n;
			*o++ = '"';
			p += n + 2;
			found |= HINT_SINGLE;
			continue;
		} else if (is_wordc(*p, 1)) {
			for (n = 1; is_wordc(p[n], 0); n++)
				continue;
			if ((n == 4 && (strncmp(p, "true", 4) == 0 ||
			    strncmp(p, "null", 4) == 0)) || (n == 5 &&
			    strncmp(p, "false", 5) == 0)) {
				(void) memcpy(o, p, n);
			} else {
				*o++ = '"';
				(void) memcpy(o, p, n);
				o[n] = '"';
				o++;
				found |= HINT_BARE;
			}
			o += n;
			p += n;
			continue;
		} else {
			n = 1;
		}
		(void) memcpy(o, p, n);
		o += n;
		p += n;
	}
	*o = '\0';
	if (found == 0) {
		free(*fixedp);
		*fixedp = NULL;
	}
	return (found);
}

/*
 * The hint for a predicate that is no JSON: what the shell did, and the
 * predicate that was likely meant, if that one parses.
 */
static void
pred_hint(const md_cli_opts_t *o, const char *p)
{
	md_pred_t *pred = NULL;
	md_error_t err;
	char *fixed;
	int found = pred_requote(p, &fixed);

	if (fixed != NULL && strchr(fixed, '\'') == NULL)
		pred = md_pred_parse(fixed, strlen(fixed), &err);
	if (found & HINT_BARE)
		md_cli_err(o, "the shell may have taken quotes inside the "
		    "predicate's quotes for its own");
	if (pred != NULL)
		md_cli_err(o, "did you mean: -p '%s'", fixed);
	else if (found != 0)
		md_cli_err(o, "quote the predicate for the shell with single "
		    "quotes, and its strings with double quotes: -p '{\"eq\": "
		    "[\"execname\", \"sshd\"]}'");
	md_pred_free(pred);
	free(fixed);
}

/*
 * -p: the predicate, parsed.  A mistake gets the parser's message, a
 * hint if quotes went astray, and what a predicate looks like.
 */
int
md_cli_pred(md_cli_opts_t *o)
{
	const char *p = o->o_predarg;
	md_error_t err;

	o->o_pred = md_pred_parse(p, strlen(p), &err);
	if ((o->o_req.mdq_pred = o->o_pred) != NULL)
		return (MD_CLI_SUCCESS);
	if (err.mde_code == MD_ERR_NOMEM) {
		md_cli_err(o, "%s", err.mde_msg);
		return (MD_CLI_ERROR);
	}
	md_cli_err(o, "invalid predicate: %s", p);
	md_cli_err(o, "%s", err.mde_msg);
	if (md_json_check(p, strlen(p), &err) != 0 &&
	    err.mde_code == MD_ERR_JSON)
		pred_hint(o, p);
	md_cli_err(o, "a predicate is {\"OP\": [FIELD, VALUE]}, OP one of eq "
	    "ne lt le gt ge; or {\"and\": [P, P, ...]}, {\"or\": [...]}, {}");
	return (md_cli_usage(o));
}
