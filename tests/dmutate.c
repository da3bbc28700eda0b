/*
 * dmutate.c: break valid D on purpose, for the differential test against
 * a real dtrace (tests/ddiff.sh).
 *
 *	dmutate SEED COUNT FILE PREFIX
 *
 * Writes COUNT mutants of the D program FILE as PREFIX.1.d ... and prints
 * one line per mutant: its name and what was changed ("delete ')' at
 * line 5").  Each mutant differs from FILE by one change at one token
 * (tokens as md_dlex_next() reads a clause body): the token deleted,
 * doubled, swapped with the next, replaced by or preceded by a piece of
 * punctuation ("//", ":x" and "[uint32_t *]" among them) or a keyword; a
 * call's last argument dropped or one more added; a constant made octal
 * with an 8, a float, or too large; or, in one mutant of six of a file
 * with control lines, one of them broken (the text cut at its end, its
 * last word dropped, a word replaced).  The same SEED, COUNT and FILE
 * make the same mutants.
 */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "md_impl.h"

typedef struct tok {
	size_t		t_off;
	size_t		t_len;
	md_dtok_t	t_kind;
} tok_t;

static const char *const pieces[] = {
	"(", ")", "{", "}", "[", "]", ";", ",", "/", "=", "+", "*", "?", ":",
	"@", "->", ".", "!", "\"", "'", "$", "`", "==", "&&", "0", "x", "-",
	"<", ">", "++", "&", "|", "^^", "~", "%", "//", ":x", "[uint32_t *]"
};

static const char *const keywords[] = {
	"if", "else", "int", "struct", "sizeof", "self", "this", "string",
	"inline", "probe", "return", "char", "stringof", "xlate", "offsetof",
	"typedef", "enum", "translator", "provider", "unsigned", "void"
};

/* What replaces a word of a control line. */
static const char *const ctlwords[] = {
	"\"x\"", "08", "D", "pragma", "option", "attributes", "binding",
	"depends_on", "line", "error", "Stable/Bogus", "/*", "1", "\"1.x\""
};

static const char *const numbers[] = {
	"08", "1.5", "0x123456789abcdef01", "099", "1e3", "'\\400'", "''",
	"'abcdefghi'"
};

#define	NELEM(a)	(sizeof (a) / sizeof ((a)[0]))

static uint64_t rng;

static uint64_t
next(void)
{
	/* xorshift64* */
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return (rng * 2685821657736338717ULL);
}

static size_t
pick(size_t n)
{
	return ((size_t)(next() % n));
}

static size_t
line_of(const char *text, size_t off)
{
	size_t line, col;

	md_text_where(text, off, &line, &col);
	return (line);
}

/* The ')' that closes the '(' at token i, or 0. */
static size_t
closing(const tok_t *t, size_t n, const char *text, size_t i)
{
	int depth = 0;

	for (; i < n; i++) {
		if (t[i].t_len != 1)
			continue;
		if (text[t[i].t_off] == '(')
			depth++;
		else if (text[t[i].t_off] == ')' && --depth == 0)
			return (i);
	}
	return (0);
}

/* The last ',' at the top level of the call whose '(' is token i. */
static size_t
last_comma(const tok_t *t, const char *text, size_t i, size_t close)
{
	size_t k, at = 0;
	int depth = 0;

	for (k = i; k < close; k++) {
		char c = t[k].t_len == 1 ? text[t[k].t_off] : 0;

		if (c == '(' || c == '[')
			depth++;
		else if (c == ')' || c == ']')
			depth--;
		else if (c == ',' && depth == 1)
			at = k;
	}
	return (at);
}

/*
 * One mutant: out gets text with [from, to) replaced by repl; what says
 * what was done.
 */
static void splice(FILE *, const char *, size_t, size_t, size_t,
    const char *, size_t);

/*
 * A control line (the token c) broken: the text cut at its end, so that
 * no newline ends it; its last word dropped; or a word replaced.
 */
static void
ctl_mutant(FILE *out, const char *text, size_t len, const tok_t *c,
    char *what, size_t whatlen)
{
	size_t end = c->t_off + c->t_len, w[16], nw = 0, i, k;
	const char *p;

	for (i = c->t_off + 1; i < end && nw < 16; ) {
		while (i < end && (text[i] == ' ' || text[i] == '\t'))
			i++;
		if (i < end)
			w[nw++] = i;
		while (i < end && text[i] != ' ' && text[i] != '\t')
			i++;
	}
	switch (nw == 0 ? 0 : pick(3)) {
	case 0:
		(void) fwrite(text, 1, end, out);
		(void) snprintf(what, whatlen, "end the text in a control "
		    "line");
		break;
	case 1:
		splice(out, text, len, w[nw - 1], end, "", 0);
		(void) snprintf(what, whatlen, "drop the last word of a "
		    "control line");
		break;
	default:
		k = pick(nw);
		for (i = w[k]; i < end && text[i] != ' ' && text[i] != '\t';
		    i++)
			continue;
		p = ctlwords[pick(NELEM(ctlwords))];
		splice(out, text, len, w[k], i, p, strlen(p));
		(void) snprintf(what, whatlen, "replace word %zu of a "
		    "control line by '%s'", k + 1, p);
		break;
	}
}

static void
splice(FILE *out, const char *text, size_t len, size_t from, size_t to,
    const char *repl, size_t rlen)
{
	(void) fwrite(text, 1, from, out);
	(void) fwrite(repl, 1, rlen, out);
	(void) fwrite(text + to, 1, len - to, out);
}

int
main(int argc, char **argv)
{
	static char text[1 << 20];
	char name[4096], buf[256], what[512];
	tok_t *t, ctl[64];
	size_t len, n = 0, cap = 1024, count, k, nctl = 0;
	md_dlex_t dl;
	FILE *f;

	if (argc != 5) {
		(void) fprintf(stderr, "usage: dmutate SEED COUNT FILE "
		    "PREFIX\n");
		return (2);
	}
	rng = strtoull(argv[1], NULL, 10) * 0x9E3779B97F4A7C15ULL + 1;
	count = strtoul(argv[2], NULL, 10);
	if ((f = fopen(argv[3], "rb")) == NULL) {
		perror(argv[3]);
		return (1);
	}
	len = fread(text, 1, sizeof (text) - 1, f);
	(void) fclose(f);
	for (k = 0; argv[3][k] != '\0'; k++)
		rng = rng * 31 + (unsigned char)argv[3][k];

	if ((t = malloc(cap * sizeof (*t))) == NULL)
		return (1);
	md_dlex_init(&dl, text, len);
	while (md_dlex_next(&dl) != MDT_EOF) {
		if (dl.dl_tok == MDT_CTL) {
			if (nctl < NELEM(ctl)) {
				ctl[nctl].t_off = dl.dl_off;
				ctl[nctl].t_len = dl.dl_toklen;
				ctl[nctl++].t_kind = dl.dl_tok;
			}
			continue;
		}
		if (n == cap && (t = realloc(t, (cap *= 2) *
		    sizeof (*t))) == NULL)
			return (1);
		t[n].t_off = dl.dl_off;
		t[n].t_len = dl.dl_toklen;
		t[n].t_kind = dl.dl_tok;
		n++;
		if (dl.dl_tok == MDT_BAD)
			break;
	}
	if (n < 2) {
		(void) fprintf(stderr, "%s: too few tokens\n", argv[3]);
		return (1);
	}

	for (k = 1; k <= count; k++) {
		size_t i = pick(n - 1), line = line_of(text, t[i].t_off);
		const tok_t *a = &t[i], *b = &t[i + 1];
		const char *p;
		size_t close, comma;
		int kind = (int)pick(8);

		(void) snprintf(name, sizeof (name), "%s.%zu.d", argv[4], k);
		if ((f = fopen(name, "wb")) == NULL) {
			perror(name);
			return (1);
		}
		if (nctl > 0 && pick(6) == 0) {
			a = &ctl[pick(nctl)];
			line = line_of(text, a->t_off);
			kind = -1;
			ctl_mutant(f, text, len, a, what, sizeof (what));
		}
		switch (kind) {
		case -1:
			break;
		case 0:
			splice(f, text, len, a->t_off, a->t_off + a->t_len,
			    "", 0);
			(void) snprintf(what, sizeof (what), "delete '%.*s'",
			    (int)(a->t_len > 40 ? 40 : a->t_len),
			    text + a->t_off);
			break;
		case 1:
			(void) snprintf(buf, sizeof (buf), " %.*s",
			    (int)(a->t_len > 200 ? 200 : a->t_len),
			    text + a->t_off);
			splice(f, text, len, a->t_off + a->t_len, a->t_off +
			    a->t_len, buf, strlen(buf));
			(void) snprintf(what, sizeof (what), "double '%.*s'",
			    (int)(a->t_len > 40 ? 40 : a->t_len),
			    text + a->t_off);
			break;
		case 2:
			(void) fwrite(text, 1, a->t_off, f);
			(void) fwrite(text + b->t_off, 1, b->t_len, f);
			(void) fwrite(text + a->t_off + a->t_len, 1, b->t_off -
			    a->t_off - a->t_len, f);
			(void) fwrite(text + a->t_off, 1, a->t_len, f);
			(void) fwrite(text + b->t_off + b->t_len, 1, len -
			    b->t_off - b->t_len, f);
			(void) snprintf(what, sizeof (what), "swap '%.*s' and "
			    "'%.*s'", (int)(a->t_len > 40 ? 40 : a->t_len),
			    text + a->t_off, (int)(b->t_len > 40 ? 40 :
			    b->t_len), text + b->t_off);
			break;
		case 3:
		case 4:
			p = pieces[pick(NELEM(pieces))];
			if (kind == 3) {
				(void) snprintf(buf, sizeof (buf), "%s ", p);
				splice(f, text, len, a->t_off, a->t_off, buf,
				    strlen(buf));
				(void) snprintf(what, sizeof (what), "insert "
				    "'%s' before '%.*s'", p, (int)(a->t_len >
				    40 ? 40 : a->t_len), text + a->t_off);
			} else {
				splice(f, text, len, a->t_off, a->t_off +
				    a->t_len, p, strlen(p));
				(void) snprintf(what, sizeof (what), "replace "
				    "'%.*s' by '%s'", (int)(a->t_len > 40 ? 40 :
				    a->t_len), text + a->t_off, p);
			}
			break;
		case 5:
			/* a call: one argument fewer, or one more */
			for (; i + 1 < n && !(t[i].t_kind == MDT_IDENT &&
			    t[i + 1].t_len == 1 && text[t[i + 1].t_off] ==
			    '('); i++)
				continue;
			if (i + 1 >= n || (close = closing(t, n, text,
			    i + 1)) == 0) {
				kind = 6;
				i = pick(n - 1);
				a = &t[i];
				goto keyword;
			}
			line = line_of(text, t[i].t_off);
			comma = last_comma(t, text, i + 1, close);
			if (pick(2) == 0 || close == i + 2) {
				splice(f, text, len, t[close].t_off,
				    t[close].t_off, ", 1", 3);
				(void) snprintf(what, sizeof (what), "add an "
				    "argument to %.*s()", (int)(t[i].t_len >
				    40 ? 40 : t[i].t_len), text + t[i].t_off);
			} else {
				size_t from = comma != 0 ? t[comma].t_off :
				    t[i + 1].t_off + 1;

				splice(f, text, len, from, t[close].t_off, "",
				    0);
				(void) snprintf(what, sizeof (what), "drop the "
				    "last argument of %.*s()",
				    (int)(t[i].t_len > 40 ? 40 : t[i].t_len),
				    text + t[i].t_off);
			}
			break;
		case 6:
		keyword:
			p = keywords[pick(NELEM(keywords))];
			splice(f, text, len, a->t_off, a->t_off + a->t_len, p,
			    strlen(p));
			(void) snprintf(what, sizeof (what), "replace '%.*s' "
			    "by '%s'", (int)(a->t_len > 40 ? 40 : a->t_len),
			    text + a->t_off, p);
			break;
		default:
			/* a constant D does not have, in a token's place */
			p = numbers[pick(NELEM(numbers))];
			splice(f, text, len, a->t_off, a->t_off + a->t_len, p,
			    strlen(p));
			(void) snprintf(what, sizeof (what), "replace '%.*s' "
			    "by %s", (int)(a->t_len > 40 ? 40 : a->t_len),
			    text + a->t_off, p);
			break;
		}
		(void) fclose(f);
		(void) printf("%s\tline %zu: %s\n", name, line, what);
	}
	free(t);
	return (0);
}
