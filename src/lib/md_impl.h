/*
 * md_impl.h: what the stages of the meta-d pipeline share.
 *
 * The library, by stage (a folder each under src/lib):
 *
 * util/: small utilities that know nothing of Meta-D
 *	md_utf8.c	UTF-8 sequences
 *	md_error.c	error codes, messages
 *	md_buf.c	growable output buffer with a sticky error; AND/OR
 *			lists
 *	md_where.c	places, for messages: a path in a document, a line
 *			and column in a text
 *	md_arena.c	many small allocations freed at once
 *	md_hash.c	tables from strings and bytes to indexes; keyed
 *			hashes
 *	md_sort.c	a merge sort: n log n whatever the order
 *	md_suggest.c	"did you mean": the closest of some names
 *	md_number.c	print numbers as JavaScript does; integers and
 *			fixed-point numbers exactly
 *	md_unit.c	units: what each is, a quantity in its unit
 *
 * d/: the D language, without a kernel
 *	md_dlex.c	the tokens of D
 *	md_dtab.c	what D has built in: functions, variables; the
 *			aggregating functions by name
 *	md_dpragma.c	D's control lines: #pragma D option, #line, ...
 *	md_dparse.c	D, parsed: programs and the pieces of metrics; the
 *			kind of an expression
 *	md_option.c	the syntax of DTrace options (-x), tick intervals
 *			(-i) and durations (-T)
 *	md_dcheck.c	D checked: programs, a piece of a metric, the
 *			scripts made
 *
 * metric/: a metric and a predicate, from their JSON
 *	md_jsondoc.c	one JSON document through cJSON, keys once each;
 *			JSON strings written; text that must be UTF-8
 *	md_jsonlint.c	cJSON's grammar without memory: syntax errors, where
 *			and why
 *	md_rules.c	the rules that span keys and entries (md_rules.h)
 *	md_load.c	md_metric_load(): the JSON tree into md_metric_t
 *	md_metric.c	a loaded metric, read and freed; its gathered
 *			variables named
 *	md_about.c	what a metric says of its numbers and systems:
 *			"units" and "os"
 *	md_pieces.c	each piece of a metric's D checked in its context
 *	md_pred.c	krill predicates: parse, print as D and as JSON
 *
 * gen/: a request's D scripts
 *	md_kind.c	the kind of a transform: gathered variables
 *			followed to their gathers
 *	md_resolve.c	$hostname, $N and $fieldN substitution
 *	md_plan.c	which probedesc entries a script needs, what is
 *			gathered, into which D variables
 *	md_request.c	a request checked, named, and md_emit()'s request
 *			made of it
 *	md_emit.c	D text for one script
 *	md_result.c	a result: built, freed, joined, as JSON
 *	md_gen.c	md_generate(): a request's scripts, one per zone or
 *			one, each checked as D
 *	md_checkall.c	md_metric_check(): a metric's pieces, every request
 *
 * values/: what dtrace measured, as lines, files and pictures
 *	md_quant.c	dtrace's buckets: quantize, lquantize, llquantize
 *	md_key.c	a key of an aggregation as every output shows it
 *	md_tuple.c	tables from a tuple of keys to an index
 *	md_delta.c	each interval's part of what adds up since tracing
 *			began; idle records (md_series_*())
 *	md_interval.c	an interval's values as a JSON line (md_values_*())
 *	md_prom.c	the Prometheus exposition, bounded
 *	md_linescan.c	one line of JSON read in place, integers exact
 *	md_hmsvg.c	the heat map laid out: axes, columns, shades
 *	md_hmdoc.c	and written: one SVG document
 *	md_heatmap.c	--run's lines as a heat map: columns, cells, rows
 *	md_flame.c	--run's lines of stacks as a tree of frames
 *	md_flamesvg.c	the flame graph drawn: one SVG document
 *	md_top.c	--top: the intervals' values kept, with each key's
 *			history (md_top_*())
 *	md_topview.c	--top: an interval drawn as text, for a terminal
 *
 * Files depend on one another without a cycle (tests/layout.sh), in about
 * the order above: a stage uses those above it, never one below.
 */

#ifndef	MD_IMPL_H
#define	MD_IMPL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cJSON.h>

#include "metad.h"

#if defined(__GNUC__) || defined(__clang__)
#define	MD_PRINTFLIKE(f, a)	__attribute__((format(printf, f, a)))
#define	MD_MUSTCHECK		__attribute__((warn_unused_result))
#else
#define	MD_PRINTFLIKE(f, a)
#define	MD_MUSTCHECK
#endif

#define	MD_MAXHOSTNAME	255

/*
 * Errors (md_error.c).  md_error_set() fills *err (if not NULL) and returns
 * -1 so that callers can write "return (md_error_set(...));".  Control
 * characters in the message are escaped, so a message is always one line.
 */
extern int md_error_set(md_error_t *, md_errcode_t, const char *, ...)
    MD_PRINTFLIKE(3, 4);
extern int md_error_vset(md_error_t *, md_errcode_t, const char *, va_list)
    MD_PRINTFLIKE(3, 0);
extern int md_error_nomem(md_error_t *);

/*
 * Output buffer (md_buf.c).  Appends never fail visibly: once one cannot
 * allocate, or would take the buffer past its limit (if it has one), the
 * buffer remembers why and ignores every later append, and the owner checks
 * md_buf_failed() once at the end; md_buf_error() turns the failure into an
 * error.
 */
#define	MD_BUF_NOMEM	1
#define	MD_BUF_TOOBIG	2

typedef struct md_buf {
	char	*mb_data;	/* always NUL-terminated when mb_cap > 0 */
	size_t	mb_len;
	size_t	mb_cap;
	size_t	mb_limit;	/* 0: none */
	int	mb_failed;	/* 0, MD_BUF_NOMEM or MD_BUF_TOOBIG */
} md_buf_t;

extern void md_buf_init(md_buf_t *);
extern void md_buf_fini(md_buf_t *);
extern void md_buf_reset(md_buf_t *);
extern void md_buf_append(md_buf_t *, const char *, size_t);
extern void md_buf_reserve(md_buf_t *, size_t);
extern void md_buf_puts(md_buf_t *, const char *);
extern void md_buf_putc(md_buf_t *, char);
extern int md_buf_failed(const md_buf_t *);
extern int md_buf_error(const md_buf_t *, md_error_t *);
extern const char *md_buf_str(md_buf_t *);
extern size_t md_buf_room(const md_buf_t *);
extern char *md_buf_claim(md_buf_t *, size_t *);

/* AND and OR lists of SPEC section 4, into a buffer (md_buf.c). */
typedef struct md_list {
	md_buf_t	*li_buf;
	const char	*li_sep;	/* " && " or " || " */
	size_t		li_n;		/* items opened so far */
	int		li_bare;	/* no parentheses of its own */
} md_list_t;

extern void md_list_init(md_list_t *, md_buf_t *, const char *, int);
extern void md_list_item(md_list_t *);
extern void md_list_end(md_list_t *);
extern void md_list_close(md_list_t *);

/* UTF-8 (md_utf8.c): the length of the sequence at p, or 0 if ill formed. */
extern size_t md_utf8_len(const unsigned char *, size_t);

/*
 * Paths (md_where.c) into a JSON document for messages ("a[0].b"), in
 * fixed storage so that reporting an error never needs memory.  A path
 * longer than a message can hold is cut short.
 */
typedef struct md_path {
	char	pa_buf[MD_ERRMSGLEN];
	size_t	pa_len;
} md_path_t;

extern void md_path_init(md_path_t *);
extern size_t md_path_key(md_path_t *, const char *);
extern size_t md_path_index(md_path_t *, size_t);
extern void md_path_cut(md_path_t *, size_t);

/* The line and column (from 1, in bytes) of an offset (md_where.c). */
extern void md_text_where(const char *, size_t, size_t *, size_t *);

/*
 * Arena (md_arena.c): many small allocations freed at once.  Memory is
 * zeroed.  md_arena_alloc() returns NULL when out of memory.
 */
typedef struct md_arena {
	struct md_ablock	*ar_head;
} md_arena_t;

extern void *md_arena_alloc(md_arena_t *, size_t, size_t);
extern char *md_arena_strdup(md_arena_t *, const char *);
extern void md_arena_free(md_arena_t *);

/*
 * String tables (md_hash.c): string -> index, sized once for at most a
 * given number of keys.  Keys are borrowed.
 */
typedef struct md_strtab {
	const char	**st_keys;
	uint32_t	*st_vals;
	size_t		st_cap;
	size_t		st_n;
	int		st_arena;
} md_strtab_t;

extern size_t md_hash_bytes(const void *, size_t);
extern uint64_t md_siphash(const md_hashkey_t *, const void *, size_t, int,
    int);

/*
 * Byte tables (md_hash.c): keys of any bytes, copied -> indexes, hashed
 * under a key of the table's own.  All zero is an empty table.
 */
typedef struct md_bentry {
	unsigned char	*be_key;	/* NULL: an empty slot */
	size_t		be_len;
	size_t		be_hash;
	size_t		be_val;
} md_bentry_t;

typedef struct md_btab {
	md_bentry_t	*bt_e;
	size_t		bt_cap;		/* a power of two, or 0 */
	size_t		bt_n;
	md_hashkey_t	bt_key;		/* drawn when it first grows */
} md_btab_t;

extern int md_btab_lookup(md_btab_t *, const void *, size_t, size_t,
    size_t *);
extern int md_btab_find(const md_btab_t *, const void *, size_t, size_t *);
extern int md_btab_remove(md_btab_t *, const void *, size_t, size_t *);
extern int md_btab_filter(md_btab_t *, size_t (*)(size_t, void *), void *);
extern size_t md_btab_maxprobe(const md_btab_t *);
extern void md_btab_clear(md_btab_t *);
extern void md_btab_fini(md_btab_t *);
extern int md_strtab_init(md_strtab_t *, size_t, md_arena_t *);
extern void md_strtab_fini(md_strtab_t *);
extern int md_strtab_put(md_strtab_t *, const char *, size_t);
extern int md_strtab_get(const md_strtab_t *, const char *, size_t *);
extern int md_strtab_getn(const md_strtab_t *, const char *, size_t,
    size_t *);

/*
 * JSON (md_jsondoc.c).  md_json_parse() parses exactly one JSON document of
 * len bytes and rejects duplicate keys.  Errors are MD_ERR_JSON, and start
 * with the place at fault, the document being named name ("predicate");
 * the caller may recode them.
 */
extern cJSON *md_json_parse(const char *, size_t, const char *, md_error_t *);
extern int md_json_truthy(const cJSON *);
extern size_t md_json_count(const cJSON *);

/*
 * JSON's syntax as cJSON reads it (md_jsonlint.c).  md_json_syntax()
 * returns 0 if cJSON would take the len bytes at buf as one document, with
 * only JSON white space after it, had it the memory; otherwise -1 and, if
 * syn is not NULL, the offset of the first byte that cannot continue the
 * document (len if the text stops short) and a one-line message that says
 * what was expected there and what was found.  md_json_valid() is 1 if it
 * would.
 */
#define	MD_JSYNTAXLEN	256

typedef struct md_jsyntax {
	size_t	js_off;
	char	js_msg[MD_JSYNTAXLEN];
} md_jsyntax_t;

extern int md_json_syntax(const char *, size_t, md_jsyntax_t *);
extern int md_json_valid(const char *, size_t);
extern void md_json_putstr(md_buf_t *, const char *, size_t);

/* The aggregating function D text calls (md_dtab.c). */
extern md_aggfn_t md_aggfn_of(const char *, size_t, size_t *);

/* A value's number as text (md_interval.c), an int64 in decimal. */
extern void md_value_number(md_buf_t *, md_aggfn_t, const int64_t *);
extern void md_value_int(md_buf_t *, int64_t);
extern void md_value_merge(md_aggfn_t, int64_t *, const int64_t *);
extern int md_value_check(md_aggfn_t, md_quant_t *, int *,
    const md_value_t *, md_error_t *);

/* A merge sort (md_sort.c): 0, or -1 when out of memory. */
extern int md_sort(void *, size_t, size_t, int (*)(const void *,
    const void *));

/* A key as the outputs show it (md_key.c, SPEC 8.1), appended to b. */
extern void md_key_put(md_buf_t *, const char *, size_t);

/*
 * Tuple tables (md_tuple.c): a tuple of tt_nkeys keys -> an index, in a
 * byte table (the keyed hash); with tt_form, keys that print alike
 * (md_key.c) are one tuple, and md_tuptab_key() gives a key's form.
 */
typedef struct md_tuptab {
	md_btab_t	tt_tab;		/* encoded tuple -> index */
	md_buf_t	tt_enc;		/* a tuple, encoded */
	const char	*tt_last;	/* the tuple last looked up, encoded */
	size_t		tt_lastlen;
	size_t		tt_off[MD_MAXDECOMPS];	/* its keys there */
	size_t		tt_nkeys;	/* at most MD_MAXDECOMPS */
	int		tt_form;	/* keys encoded as they print */
} md_tuptab_t;

extern void md_tuptab_init(md_tuptab_t *, size_t, int);
extern int md_tuptab_lookup(md_tuptab_t *, const char *const *,
    const size_t *, size_t, size_t *);
extern const char *md_tuptab_key(const md_tuptab_t *, size_t, size_t *);
extern void md_tuptab_drop(md_tuptab_t *);
extern int md_tuptab_find(const md_tuptab_t *, const char *const *,
    const size_t *, size_t *);
extern int md_tuptab_remove(md_tuptab_t *, const char *const *,
    const size_t *, size_t *);
extern int md_tuptab_filter(md_tuptab_t *, size_t (*)(size_t, void *),
    void *);
extern size_t md_tuptab_count(const md_tuptab_t *);
extern void md_tuptab_clear(md_tuptab_t *);
extern void md_tuptab_fini(md_tuptab_t *);
extern int md_tuple_cmp(const char *const *, const size_t *,
    const char *const *, const size_t *, size_t);

/*
 * The metric (md_metric.c), as validated.  Its arrays and strings live in
 * the metric's arena; the cJSON tree is gone once the metric is loaded.
 */

/*
 * A string, or a non-empty array of strings (verify, clean: section 7.1).
 * A single string is kept in msv_one, and msv_v points to it.
 */
typedef struct md_strv {
	const char	**msv_v;
	size_t		msv_n;
	const char	*msv_one;
} md_strv_t;

typedef struct md_pair {
	const char	*pr_key;
	md_strv_t	pr_val;
} md_pair_t;

/* An object whose order matters: aggregate, transforms, verify, clean. */
typedef struct md_map {
	md_pair_t	*ma_pairs;
	size_t		ma_n;
	int		ma_present;
	md_strtab_t	*ma_index;	/* key -> pair; NULL for small maps */
} md_map_t;

extern const md_strv_t *md_map_get(const md_map_t *, const char *);

/* One gather or alwaysgather key: mg_n expressions and where they go. */
typedef struct md_gather {
	const char	*mg_field;
	size_t		mg_n;
	const char	**mg_exprs;	/* D expressions */
	const char	**mg_names;	/* "self->F0", "F1", ... */
	const char	**mg_index;	/* "" or "[...]" from the store */
} md_gather_t;

/* A name and a string: metad.locals (type) and probedesc local (expr). */
typedef struct md_local {
	const char	*ml_name;
	const char	*ml_value;
} md_local_t;

typedef struct md_probedesc {
	const char	**pd_probes;
	size_t		pd_nprobes;
	md_gather_t	*pd_always;
	size_t		pd_nalways;
	int		pd_hasalways;
	md_gather_t	*pd_gather;
	size_t		pd_ngather;
	md_local_t	*pd_locals;
	size_t		pd_nlocals;
	int		pd_haslocal;
	md_map_t	pd_aggregate;
	md_map_t	pd_transforms;
	md_map_t	pd_verify;
	md_map_t	pd_clean;
	const char	*pd_predicate;	/* NULL: none */
} md_probedesc_t;

#define	MD_MAXWARNINGS	8	/* kept per metric; more are dropped */

/* What mm_fieldtab maps a field to. */
#define	MD_FIELD_PUBLIC		0
#define	MD_FIELD_INTERNAL	1

struct md_metric {
	md_arena_t	mm_arena;
	const char	**mm_fields;
	size_t		mm_nfields;
	const char	**mm_internal;
	size_t		mm_ninternal;
	md_strtab_t	mm_fieldtab;	/* field -> MD_FIELD_* */
	md_local_t	*mm_locals;
	size_t		mm_nlocals;
	int		mm_haslocals;
	size_t		mm_maxgathered;	/* distinct gathered fields */
	md_probedesc_t	**mm_pds;	/* each made as it is loaded */
	size_t		mm_npds;
	int		mm_pragmazone;
	const char	*mm_description;	/* or NULL */
	const char	*mm_label;	/* "label", or NULL */
	const char	*mm_module;	/* "module", or NULL */
	const char	*mm_warnings[MD_MAXWARNINGS];
	size_t		mm_nwarnings;
	const md_error_t *mm_dfault;	/* the first piece that is not D */
					/* in its place: every generation */
					/* fails with it (SPEC 7.18) */
	const char	**mm_unitfields;	/* "units": field, unit */
	const char	**mm_units;
	size_t		mm_nunits;
	const char	**mm_os;	/* "os", or none */
	size_t		mm_nos;
	const md_error_t *mm_aboutfault;	/* a malformed one of them */
};

extern int md_metric_isinternal(const md_metric_t *, const char *);

/* Numbers (md_number.c). */
#define	MD_NUMBUFLEN	40
#define	MD_FIXEDLEN	24	/* md_number_fixed()'s, at most */
extern int md_number_format(double, char *, size_t);
extern size_t md_number_uint(char *, uint64_t);
extern size_t md_number_fixed(char *, int64_t, unsigned);

/*
 * Predicates (md_pred.c).  md_pred_print() prints the "C style" form; for
 * each comparison, cb appends the D expression for its field (the field's
 * transform) or returns -1 with *err set.  It sees what the field is
 * compared with: a string, or a number as it will be printed.
 */
typedef struct md_pcmp {
	const char	*pc_field;
	const char	*pc_str;	/* the string value, or NULL */
	const char	*pc_num;	/* else the number, as printed */
} md_pcmp_t;

typedef int (*md_pred_field_f)(md_buf_t *, const md_pcmp_t *, void *,
    md_error_t *);

extern void md_pred_putjson(md_buf_t *, const md_pred_t *);
extern int md_pred_print(md_buf_t *, const md_pred_t *, md_pred_field_f,
    void *, md_error_t *);
extern size_t md_pred_nfields(const md_pred_t *);
extern md_pred_t *md_pred_eq(const char *, const char *);
extern const char *md_pred_field(const md_pred_t *, size_t);

/* D string literals with everything that could end them escaped (7.2). */
extern void md_dstring(md_buf_t *, const char *);

/*
 * The plan (md_plan.c): walks the probedesc entries in order, skipping
 * those the script does not need, and keeps the gathered map up to date:
 * field -> the gather whose variables hold it now, in the order fields were
 * first gathered.
 */
typedef struct md_gvar {
	const char		*gv_field;
	const md_gather_t	*gv_gather;
} md_gvar_t;

typedef struct md_plan {
	const md_metric_t	*pl_metric;
	md_strtab_t		pl_requested;	/* decompositions, predicate */
	md_gvar_t		*pl_gathered;
	size_t			pl_ngathered;
	md_strtab_t		pl_gindex;	/* field -> pl_gathered[i] */
	size_t			pl_next;	/* next entry to consider */
} md_plan_t;

extern const char *md_metric_varname(md_arena_t *, const char *, size_t, int);
extern int md_plan_init(md_plan_t *, const md_metric_t *,
    const md_decomp_t *, size_t, const md_pred_t *, md_error_t *);
extern void md_plan_fini(md_plan_t *);
extern const md_probedesc_t *md_plan_next(md_plan_t *, size_t *);
extern int md_plan_requested(const md_plan_t *, const char *);
extern const md_gvar_t *md_plan_gathered(const md_plan_t *, const char *);
extern const md_gvar_t *md_plan_gatheredn(const md_plan_t *, const char *,
    size_t);

/*
 * D tokens (md_dlex.c).  md_dlex_next() reads the next token of the text
 * into the lexer: its kind (also returned) and its span, as the mode
 * (dl_mode) has it.
 */
typedef enum md_dtok {
	MDT_EOF,
	MDT_IDENT,	/* a name or keyword, with D's ` for symbols */
	MDT_INT,	/* an integer or character constant */
	MDT_STRING,	/* a string literal, with its quotes */
	MDT_MACRO,	/* $1, $$1, $target */
	MDT_OP,		/* an operator or punctuation */
	MDT_BAD,	/* what D does not have: dl_why says why */
	MDT_AGG,	/* @name, or @ */
	MDT_PSPEC,	/* a word of the outer scope: a probe, or a type */
	MDT_CTL		/* a control line, # to the end of its line */
} md_dtok_t;

typedef enum md_dlmode {
	MD_DL_EXPR,	/* expressions, clause bodies (dt_lex.l's S0) */
	MD_DL_OUTER,	/* probe descriptions, declarations (S2) */
	MD_DL_MEMBER	/* a member's name, after . or -> (SIDENT) */
} md_dlmode_t;

typedef struct md_dlex {
	const char	*dl_buf;
	size_t		dl_len;
	size_t		dl_pos;		/* where the next token starts */
	md_dlmode_t	dl_mode;	/* how the next token is read */
	md_dtok_t	dl_tok;		/* the current token */
	size_t		dl_off;		/* its offset in dl_buf */
	size_t		dl_toklen;	/* and length */
	int		dl_kw;		/* a keyword of D's (dt_lex.l) */
	const char	*dl_why;	/* MDT_BAD: what is wrong */
	size_t		dl_parens;	/* open, as dtrace counts them */
	size_t		dl_brackets;
	size_t		dl_braces;
	size_t		dl_lost;	/* newlines dtrace does not count: */
	size_t		dl_lastlost;	/* passed over for a member's name, */
	size_t		dl_lostfrom;	/* the last time from here, */
	size_t		dl_lostop;	/* after the . or -> here */
} md_dlex_t;

extern void md_dlex_init(md_dlex_t *, const char *, size_t);

/*
 * Is the current token the operator or word s?  Inline, so that for a
 * literal s the length and the comparison are worked out when compiled.
 */
static inline int
md_dlex_is(const md_dlex_t *dl, const char *s)
{
	size_t n = strlen(s);

	return ((dl->dl_tok == MDT_OP || dl->dl_tok == MDT_IDENT ||
	    dl->dl_tok == MDT_PSPEC) && dl->dl_toklen == n &&
	    memcmp(dl->dl_buf + dl->dl_off, s, n) == 0);
}
extern md_dtok_t md_dlex_next(md_dlex_t *);
extern int md_dlex_epred(const md_dlex_t *);
extern size_t md_dlex_skipspace(const md_dlex_t *, size_t);
extern int md_dlex_strbyte(const char *, size_t *, size_t);
extern int md_dlex_same(const char *, size_t, const char *, size_t);

/* Whether a D expression is certainly a string or a number (SPEC 7.16). */
typedef enum md_kind {
	MD_KIND_UNKNOWN,
	MD_KIND_NUMBER,
	MD_KIND_STRING
} md_kind_t;

/*
 * What D has built in (md_dtab.c): functions with their arguments, and
 * variables with their types.  A result's or a variable's kind is the one
 * SPEC 7.16 gives it, unknown where the rule names it not.
 */
typedef enum md_dfkind {
	MD_DF_AGG,	/* aggregating function: @x[k] = f(...) */
	MD_DF_ACTION,	/* action: a whole statement */
	MD_DF_KEYACT,	/* action that may also be an aggregation key */
	MD_DF_SUBR	/* subroutine: a value */
} md_dfkind_t;

typedef struct md_dfunc {
	const char	*df_name;
	md_dfkind_t	df_kind;
	unsigned char	df_min;		/* arguments, at least */
	unsigned char	df_max;		/* and at most (255: any number) */
	int		df_result;	/* md_kind_t, for SPEC 7.16 */
} md_dfunc_t;

typedef struct md_dvar {
	const char	*dv_name;
	const char	*dv_type;
	int		dv_kind;	/* md_kind_t, for SPEC 7.16 */
} md_dvar_t;

extern const md_dfunc_t *md_dfunc(const char *, size_t);
extern const md_dvar_t *md_dvar(const char *, size_t);
extern int md_dfunc_varargs(const md_dfunc_t *);
extern int md_dtab_sorted(void);

/*
 * D, parsed (md_dparse.c).  md_dparse() parses len bytes of text as the
 * context has it: a whole program, or a piece of one as a metric holds
 * it.  It returns 0, or -1 with a message in msg and the offset of the
 * fault in *offp.  Nesting deeper than MD_DMAXDEPTH is refused.
 */
typedef enum md_dctx {
	MD_DC_PROGRAM,	/* a D program */
	MD_DC_EXPR,	/* an expression: a gather, a verify, a clean */
	MD_DC_KEY,	/* an aggregation's key: a transform */
	MD_DC_PRED,	/* a predicate, between the slashes */
	MD_DC_PROBE,	/* one probe description */
	MD_DC_AGGFUNC,	/* the value of "@[...] = " */
	MD_DC_INDEX,	/* "[keys]" of a stored variable */
	MD_DC_TYPE	/* the type of "this TYPE name;" */
} md_dctx_t;

#define	MD_DMAXDEPTH	64

/*
 * A control line (md_dpragma.c), its '#' at the offset given: read and
 * applied as dtrace does.  0, or -1 with a message and an offset.
 */
extern int md_dpragma(const char *, size_t, size_t, size_t *, char *,
    size_t);

extern int md_dparse(const char *, size_t, md_dctx_t, size_t *, char *,
    size_t);

/*
 * The kind of a D expression where it is certain (SPEC 7.16), read off
 * md_dparse()'s parse.  md_dparse_kind() parses len bytes as one
 * expression from nesting depth (0 but for a variable's gather) and gives
 * MD_KIND_UNKNOWN for what does not parse, or nests deeper than
 * MD_KIND_MAXDEPTH (so that variables followed to their gathers keep the
 * stack small).  Where a postfix expression that starts with a name has
 * no kind of its own, var (if not NULL) is asked whether its text is a
 * variable it knows, at the depth it is at: its kind, or -1.  md_kind()
 * (md_kind.c) asks it of the plan's gathered variables (the plan may be
 * NULL).
 */
#define	MD_KIND_MAXDEPTH	32

typedef int (*md_dkindvar_f)(const char *, size_t, unsigned, const void *);

extern md_kind_t md_dparse_kind(const char *, size_t, unsigned,
    md_dkindvar_f, const void *);
extern md_kind_t md_kind(const char *, size_t, const md_plan_t *);
extern const char *md_kind_name(md_kind_t);

/*
 * Substitution (md_resolve.c).  Each function appends to out and returns
 * 0, or returns -1 with *err set; place names the map or string in the
 * input ("probedesc[1].verify") for the message.
 */
typedef struct md_rctx {
	const md_plan_t	*rc_plan;
	const char	*rc_host;
	md_error_t	*rc_err;
} md_rctx_t;

extern void md_rctx_init(md_rctx_t *, const md_plan_t *, const char *,
    md_error_t *);
extern int md_resolve(md_rctx_t *, md_buf_t *, const char *, const char *,
    const char *) MD_MUSTCHECK;
/* A piece of the metric to resolve: its text, its field, its place. */
typedef struct md_rpiece {
	const char	*rp_text;
	const char	*rp_key;
	const char	*rp_place;	/* "probedesc[1].aggregate" */
} md_rpiece_t;

extern int md_resolve_aggregate(md_rctx_t *, md_buf_t *, const md_rpiece_t *,
    const md_rpiece_t *) MD_MUSTCHECK;
extern int md_resolve_predicate(md_rctx_t *, md_buf_t *, const char *,
    const char *) MD_MUSTCHECK;

/*
 * Emission (md_emit.c): the body of a script, without zone pragmas.
 *
 * With er_spans set, md_emit() also records, once, where each piece of
 * the metric it writes (a probe, a transform, a verify value, ...) is in
 * the body: its span, its text as the metric has it, the context that
 * text is parsed in, and its place in the metric, in parts
 * ("probedesc[1].gather.latency.store[0]", "metad.locals[0].name"), put
 * into words only for a message.  Where a script is not D,
 * md_dcheck_result() looks the fault up there.
 */
#define	MD_PLACELEN	256
#define	MD_QUOTEMAX	100	/* bytes of D quoted in a message */
#define	MD_NOINDEX	((size_t)-1)

typedef struct md_emit_span {
	size_t		es_start;	/* the piece, in the body */
	size_t		es_end;
	const char	*es_raw;	/* the piece, in the metric */
	md_dctx_t	es_ctx;
	size_t		es_pd;		/* probedesc[N], or MD_NOINDEX: metad */
	const char	*es_sect;	/* "probes", "verify", "gather", ... */
	size_t		es_secti;	/* [N] of a section that is an array */
	const char	*es_key;	/* a field or a local's name, or NULL */
	const char	*es_what;	/* of a gather: "gather" or "store" */
	size_t		es_i;		/* [N] of a value that is an array */
} md_emit_span_t;

typedef struct md_emit_spans {
	md_emit_span_t	*sp_v;		/* in the order they were written */
	size_t		sp_n;
	size_t		sp_cap;
	int		sp_failed;	/* out of memory: not all are here */
} md_emit_spans_t;

extern void md_emit_spans_fini(md_emit_spans_t *);

typedef struct md_emit_req {
	const md_decomp_t	*er_decomps;	/* duplicates removed */
	size_t			er_ndecomps;
	const md_pred_t		*er_pred;	/* NULL: trivial */
	const char *const	*er_zones;
	size_t			er_nzones;
	const char		*er_host;
	const char		*er_interval;	/* NULL: no tick clause */
	const char		*er_duration;	/* NULL: no ending clause */
	uint64_t		er_keyinterval;	/* ns: key by interval */
	int			er_sum;		/* @__metad_sum beside */
	md_emit_spans_t		*er_spans;	/* NULL: none recorded */
	md_aggfn_t		*er_fn;		/* NULL, or where to put the */
						/* aggregation's function */
} md_emit_req_t;

extern int md_emit(md_buf_t *, const md_metric_t *, const md_emit_req_t *,
    md_error_t *) MD_MUSTCHECK;

/* Checking D where meta-d meets it (md_dcheck.c). */
extern int md_dcheck_piece(const char *, md_dctx_t, const char *,
    md_error_t *);
extern void md_dcheck_where(char *, size_t, const char *, size_t);
/* Each piece of a metric's D in its context (md_pieces.c). */
extern int md_pieces_check(const md_metric_t *, size_t *, md_error_t *);
extern int md_dcheck_overbudget(md_error_t *);
extern int md_dcheck_result(const md_result_t *, size_t,
    const md_emit_spans_t *, md_error_t *) MD_MUSTCHECK;

/*
 * DTrace's options and the syntax of their values (md_option.c):
 * md_option_find() the option of a name, or NULL; md_option_takes()
 * whether it takes a value (NULL: none); md_option_syntax() its values'
 * syntax in words, NULL for a flag; md_option_suggest() the option a
 * name likely meant, or NULL.
 */
typedef struct md_optdef md_optdef_t;

extern const md_optdef_t *md_option_find(const char *);
extern int md_option_takes(const md_optdef_t *, const char *);
extern const char *md_option_syntax(const md_optdef_t *);
extern const char *md_option_suggest(const char *);

/*
 * A request (md_request.c).  md_request_check() checks what md_generate()
 * is handed, against the metric.  md_request_emit() makes md_emit()'s
 * request of a checked one: its decompositions folded into folded
 * (MD_MAXDECOMPS of them; a field given twice is one, numeric if either
 * is), and its host name, or this machine's, into host (hostlen bytes).
 * md_request_name() names a request in its own words ("by execname,
 * quantized by latency"), for messages.
 */
extern int md_request_check(const md_metric_t *, const md_request_t *,
    md_error_t *) MD_MUSTCHECK;
extern int md_request_emit(const md_request_t *, md_decomp_t *, char *,
    size_t, md_emit_req_t *, md_error_t *) MD_MUSTCHECK;
extern void md_request_name(md_buf_t *, const md_request_t *);


/*
 * Results, built where they are freed (md_result.c).  md_result_make()
 * makes the result of a request whose scripts share the body md_emit()
 * wrote, d its folded decompositions (nd): n scripts, each its pragmas
 * (the zone's with perzone, then the options', then a blank line; none
 * without either) and the body; with perzone, one per zone of the
 * request.  It takes the body's text (body is left empty, to be freed).
 * md_result_warn() adds a copy of a warning to r: -1 when out of memory.
 */
extern md_result_t *md_result_make(const md_request_t *, const md_decomp_t *,
    size_t, md_buf_t *, int, md_error_t *);
extern int md_result_warn(md_result_t *, const char *) MD_MUSTCHECK;

/*
 * One line of JSON read in place (md_linescan.c), for the lines --run prints:
 * a cursor, and a reader for each kind of token, each checking the JSON
 * grammar for what it reads.  Integers stay exact (cJSON keeps doubles).
 * Each returns 0, or -1 with MD_ERR_LINE and "line N, column C: ...".
 */
#define	MD_JL_MAXTIME	((uint64_t)1 << 62)	/* microseconds */

typedef struct md_jline {
	const char	*jl_line;
	const char	*jl_p;		/* the next byte */
	const char	*jl_end;
	size_t		jl_lineno;	/* for messages */
	md_error_t	*jl_err;
} md_jline_t;

extern void md_jl_init(md_jline_t *, const char *, size_t, size_t,
    md_error_t *);
extern int md_jl_error(md_jline_t *, const char *, ...) MD_PRINTFLIKE(2, 3);
extern int md_jl_peek(md_jline_t *);
extern const char *md_jl_what(int);
extern int md_jl_expect(md_jline_t *, int);
extern int md_jl_either(md_jline_t *, int, int);
extern int md_jl_open(md_jline_t *, int, int);
extern int md_jl_end(md_jline_t *);
extern int md_jl_string(md_jline_t *, md_buf_t *);
extern int md_jl_int64(md_jline_t *, const char *, int64_t *, int *);
extern int md_jl_uint64(md_jline_t *, const char *, uint64_t *);
extern int md_jl_time(md_jline_t *, const char *, int64_t *);

/*
 * A whole line of --run, {"start": S, "duration": D, "value": V} and maybe
 * "drops" and "errors" (counts, read and dropped), its keys in any order,
 * each once: S (at most the end of the year 9999) and D into *startp and
 * *durp (microseconds), V read by value(r, arg); str holds the decoded
 * names.  0, or -1 with the error set.
 */
typedef int (*md_jl_value_f)(md_jline_t *, void *);
extern int md_jl_interval(md_jline_t *, md_buf_t *, md_jl_value_f, void *,
    int64_t *, int64_t *);

/*
 * Heat maps: md_heatmap.c reads --run's lines into columns and cells,
 * md_hmsvg.c draws them.  A bucket is a distinct [MIN, MAX] that holds a
 * count in some column (a row of the map); a cell is one column's count
 * in one bucket, not 0; a column is one line's interval.
 */
#define	MD_HM_OPENLO	0x1	/* MIN is null: no lower bound */
#define	MD_HM_OPENHI	0x2	/* MAX is null: no upper bound */

typedef struct md_hmbucket {
	int64_t		hb_min;		/* INT64_MIN when open */
	int64_t		hb_max;		/* INT64_MAX when open */
	int		hb_open;	/* MD_HM_OPEN* */
	size_t		hb_line;	/* the first line that holds it */
	size_t		hb_col;		/* the last column with a cell of */
	size_t		hb_cell;	/* it, + 1 (0: none), and that cell */
} md_hmbucket_t;

typedef struct md_hmcell {
	uint64_t	hc_count;
	uint32_t	hc_bucket;
} md_hmcell_t;

typedef struct md_hmcol {
	int64_t		hk_start;	/* microseconds since the epoch */
	int64_t		hk_dur;		/* microseconds */
	size_t		hk_cell;	/* its first cell */
} md_hmcol_t;

#define	MD_HM_DIST	1	/* values are distributions (-n) */
#define	MD_HM_KEYED	2	/* objects of them (-s A -n F) */

struct md_heatmap {
	char		*hm_key;	/* NULL: keys summed */
	size_t		hm_lineno;	/* lines read */
	int		hm_shape;	/* MD_HM_*, once a line has a value */
	size_t		hm_shapeline;	/* that line */
	int		hm_keyseen;	/* a line held hm_key */
	md_hmcol_t	*hm_cols;
	size_t		hm_ncols;
	size_t		hm_colcap;
	md_hmcell_t	*hm_cells;
	size_t		hm_ncells;
	size_t		hm_cellcap;
	md_hmbucket_t	*hm_buckets;
	size_t		hm_nbuckets;
	size_t		hm_bucketcap;
	uint32_t	*hm_slots;	/* hash of buckets: index + 1 */
	size_t		hm_nslots;	/* a power of 2, or 0 */
	uint64_t	hm_max;		/* the largest count of a cell */
	uint64_t	hm_total;	/* every count */
	md_buf_t	hm_str;		/* a string of the line, decoded */
	md_btab_t	hm_linekeys;	/* the keys of a line's value */
	int		hm_failed;	/* a line failed: hm_err says why */
	md_error_t	hm_err;
};

/*
 * A heat map laid out (md_hmsvg.c) for md_hmdoc.c to write.  Rows are
 * the buckets sorted; drows the rows drawn (a band at the bottom, the
 * rows on the axis, a band at the top), each spanning [hd_y0, hd_y1)
 * pixels from the map's top; dcols the columns drawn (intervals, or
 * merged intervals), each with its cells, in drow order, in hl_cells
 * (whose hc_bucket is then a drow).  Pixels are doubles.
 */
#define	MD_HM_BAND	18	/* a band's height, pixels */
#define	MD_HM_TINT	0.15	/* rank's and log's lightest shade */

typedef struct md_hmrow {
	md_hmbucket_t	hr_b;		/* a copy, to sort */
	uint32_t	hr_id;		/* the bucket's index in the map */
	uint64_t	hr_total;	/* its events, all columns */
} md_hmrow_t;

typedef struct md_hmdrow {
	size_t		hd_from;	/* rows [from, to) */
	size_t		hd_to;
	double		hd_y0;		/* top */
	double		hd_y1;		/* bottom */
	uint64_t	hd_total;
} md_hmdrow_t;

typedef struct md_hmdcol {
	int64_t		hc_t0;		/* [t0, t1), microseconds */
	int64_t		hc_t1;
	double		hc_x0;		/* pixels from the map's left */
	double		hc_x1;
	size_t		hc_cell;	/* its cells in hl_cells */
	size_t		hc_ncells;
	uint64_t	hc_total;
	uint32_t	hc_p50;		/* drows; UINT32_MAX: none */
	uint32_t	hc_p99;
	int		hc_used;	/* an interval fell in it */
} md_hmdcol_t;

typedef struct md_hmlayout {
	const md_heatmap_t *hl_h;
	const md_hmopts_t *hl_o;
	unsigned	hl_width;	/* the map, pixels */
	unsigned	hl_height;
	double		hl_crop;
	int		hl_shade;
	md_hmrow_t	*hl_rows;
	size_t		hl_nrows;
	uint32_t	*hl_rowof;	/* bucket -> row */
	uint32_t	*hl_rowdrow;	/* row -> drow */
	uint64_t	hl_total;
	int		hl_log;
	double		hl_lo, hl_hi;	/* the axis's ends, values */
	double		hl_llo, hl_lhi;	/* their log2 */
	double		hl_ytop, hl_ybot; /* the axis on the page */
	md_hmdrow_t	*hl_drows;
	size_t		hl_ndrows;
	size_t		hl_dfirst;	/* drows [first, last) on the axis */
	size_t		hl_dlast;
	int64_t		hl_t0, hl_t1;	/* the intervals' times, us */
	int64_t		hl_step;	/* a merged column's; 0: none */
	int64_t		hl_x0;		/* the map's left edge, us */
	int64_t		hl_xspan;	/* its width, us */
	md_hmdcol_t	*hl_dcols;
	size_t		hl_ndcols;
	md_hmcell_t	*hl_cells;
	size_t		hl_ncells;
	uint64_t	*hl_counts;	/* distinct, ascending */
	size_t		hl_ncounts;
} md_hmlayout_t;

extern int md_hm_layout(md_hmlayout_t *, const md_heatmap_t *,
    const md_hmopts_t *, md_error_t *);
extern void md_hm_layout_free(md_hmlayout_t *);
extern double md_hm_log2(double);
extern double md_hm_frac(const md_hmlayout_t *, double);
extern double md_hm_y(const md_hmlayout_t *, double);
extern double md_hm_x(const md_hmlayout_t *, int64_t);
extern double md_hm_tone(const md_hmlayout_t *, uint64_t);
extern int64_t md_hm_roundstep(int64_t, int64_t);
extern int64_t md_hm_tickstep(int64_t, int64_t, int64_t);
extern char *md_hm_draw(const md_heatmap_t *, const md_hmopts_t *,
    size_t *, md_error_t *);

/*
 * Flame graphs: md_flame.c reads --run's lines into a tree of frames,
 * md_flamesvg.c draws it.  A node is a path from the root (node 0, "all");
 * a child is made after its parent, so its index is the greater.  Its
 * name is bytes of fl_names, the frame in SPEC 8.1's key form.
 */
#define	MD_FL_KERNEL	0x1	/* a frame of the kernel */

typedef struct md_flnode {
	uint64_t	fn_self;	/* events of stacks that end here */
	uint64_t	fn_total;	/* with its callees' (when drawn) */
	size_t		fn_name;	/* offset in fl_names */
	uint32_t	fn_len;
	uint32_t	fn_parent;
	uint32_t	fn_hash;	/* of (parent, name) */
	uint32_t	fn_flags;	/* MD_FL_* */
} md_flnode_t;

/* A whole key (of both -s fields): its leaf, and the last line it was in. */
typedef struct md_flkey {
	size_t		fk_leaf;
	size_t		fk_line;
} md_flkey_t;

#define	MD_FL_STACK	1	/* values are {STACK: N} (one -s) */
#define	MD_FL_KEYED	2	/* {KEY: {STACK: N}} (two -s) */

struct md_flame {
	size_t		fl_lineno;	/* lines read */
	int		fl_shape;	/* MD_FL_*, once a line has a key */
	size_t		fl_shapeline;	/* that line */
	md_flnode_t	*fl_nodes;
	size_t		fl_nnodes;
	size_t		fl_nodecap;
	uint32_t	*fl_slots;	/* (parent, name) -> node + 1 */
	size_t		fl_nslots;	/* a power of 2 */
	md_buf_t	fl_names;	/* the nodes' names */
	md_btab_t	fl_stacks;	/* a whole key -> its fl_keys entry */
	md_flkey_t	*fl_keys;	/* a whole key's leaf, last line */
	size_t		fl_nkeys;
	size_t		fl_keycap;
	md_buf_t	fl_str;		/* a string of the line, decoded */
	md_buf_t	fl_outer;	/* the first -s field's key */
	md_buf_t	fl_enc;		/* the key of fl_stacks */
	uint64_t	fl_total;	/* every event */
	int		fl_failed;	/* a line failed: fl_err says why */
	md_error_t	fl_err;
};

extern char *md_fl_draw(md_flame_t *, const md_flameopts_t *, size_t *,
    md_error_t *);
extern void md_hm_rangestr(char *, size_t, const md_hmbucket_t *);
extern int md_hm_apart(const md_hmbucket_t *, const md_hmbucket_t *);

/*
 * --top's view (md_top.c keeps the intervals and each key's last
 * MD_TOP_NHIST values, md_topview.c draws the last one ended).  A key
 * (a tuple of the -s fields, as they print) is an entry of its own
 * allocation, found through a table of tuples; its history is a ring by
 * interval number.  to_rows are the entries of the last interval ended,
 * in the order the view shows them.
 */

typedef struct md_tkey {
	const char	*tk_keys[MD_MAXDECOMPS];	/* forms, NUL ended */
	size_t		tk_lens[MD_MAXDECOMPS];
	size_t		tk_nkeys;
	uint64_t	tk_seen;	/* the interval it is being added */
					/* to (1, 2, ...; 0: never) */
	uint64_t	tk_last;	/* the last one in its history */
	float		tk_hist[MD_TOP_NHIST];	/* by interval, mod */
	int64_t		tk_w[4];	/* a number's words */
	int64_t		*tk_b;		/* a distribution's buckets */
	double		tk_v;		/* what it is sorted by */
	double		tk_events;	/* its events (or NaN: unknown) */
} md_tkey_t;

struct md_top {
	size_t		to_nkeys;
	md_aggfn_t	to_fn;
	char		*to_unit;	/* the value's, or NULL */
	char		*to_title;
	char		*to_fields[MD_MAXDECOMPS];
	md_quant_t	to_quant;
	size_t		to_nb;		/* its buckets, once known */
	int		to_hasquant;
	md_tuptab_t	to_tab;		/* tuple -> index of to_k */
	md_tkey_t	**to_k;
	size_t		to_n;
	size_t		to_cap;
	md_tkey_t	**to_rows;	/* the interval's entries */
	size_t		to_nrows;
	size_t		to_rowcap;
	int		to_adding;	/* to_rows: the next interval's */
	uint64_t	to_iv;		/* intervals ended */
	double		to_start;	/* the last one's */
	double		to_dur;
	uint64_t	to_drops;
	uint64_t	to_errors;
	double		to_total;	/* its values, summed */
	double		to_events;	/* its events (NaN: unknown) */
};

#endif	/* MD_IMPL_H */
