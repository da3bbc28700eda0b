/*
 * md_pred.c: krill predicates.
 *
 * A predicate is JSON: {} (or []) is always true; {"eq": [FIELD, VALUE]}
 * and ne, lt, le, gt, ge compare a field with a number or a string;
 * {"and": [P, P, ...]} and "or" combine two or more predicates.  Each
 * object has exactly one key.
 *
 * Printing follows krill's "C style": a comparison is FIELD OP VALUE with
 * FIELD replaced by a D expression (the metric's transform, supplied by the
 * caller), and a combination wraps each operand in parentheses and joins
 * them with && or ||.  Unlike krill, string values are printed as D string
 * literals with their quotes, backslashes and control characters escaped,
 * so that a predicate can never end its string early (SPEC 7.2), and a
 * number must be what D can read: an integer below 2^63 in absolute value
 * (SPEC 7.8), for D has no floating point and 64-bit integer constants.
 */

#include <math.h>	/* isfinite() */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "md_impl.h"

/* 2^63: D's integer constants are signed 64-bit. */
#define	MD_TWO63	9223372036854775808.0
#define	MD_PRED_DINT	"D has only integers, below 2^63 in absolute value"

typedef enum md_pkind {
	MDP_TRUE,
	MDP_REL,
	MDP_AND,
	MDP_OR
} md_pkind_t;

typedef struct md_pnode {
	md_pkind_t		pn_kind;
	const char		*pn_op;		/* D operator (MDP_REL) */
	const char		*pn_field;
	const char		*pn_str;	/* string value, or NULL */
	double			pn_num;		/* number value */
	struct md_pnode		**pn_kids;	/* MDP_AND, MDP_OR */
	size_t			pn_nkids;
} md_pnode_t;

struct md_pred {
	md_arena_t	mp_arena;	/* nodes and strings; no cJSON tree */
	md_pnode_t	*mp_root;
	const char	**mp_fields;	/* distinct, first occurrence order */
	size_t		mp_nfields;
	size_t		mp_nleaves;
};

static const struct {
	const char	*op_name;
	const char	*op_d;
} md_pred_ops[] = {
	{ "eq", "==" }, { "ne", "!=" }, { "lt", "<" },
	{ "le", "<=" }, { "gt", ">" }, { "ge", ">=" }
};

typedef struct md_pparse {
	md_pred_t	*pp_pred;
	int		pp_nomem;	/* a string could not be kept */
	md_error_t	*pp_err;
	md_path_t	pp_path;	/* "and[1].or[0]" */
	size_t		pp_depth;	/* of and/or */
} md_pparse_t;

static int md_pred_invalid(md_pparse_t *, const char *, ...)
    MD_PRINTFLIKE(2, 3);

static int
md_pred_invalid(md_pparse_t *pp, const char *fmt, ...)
{
	char msg[MD_ERRMSGLEN];
	va_list ap;

	va_start(ap, fmt);
	(void) vsnprintf(msg, sizeof (msg), fmt, ap);
	va_end(ap);
	return (md_error_set(pp->pp_err, MD_ERR_PREDICATE, "predicate%s%s: %s",
	    pp->pp_path.pa_len > 0 ? "." : "", pp->pp_path.pa_buf, msg));
}

static md_pnode_t *md_pred_node(md_pparse_t *, cJSON *);

/* A string the predicate keeps, copied into its arena (see md_metric.c). */
static const char *
md_pred_str(md_pparse_t *pp, const char *s)
{
	const char *p = md_arena_strdup(&pp->pp_pred->mp_arena, s);

	if (p == NULL) {
		pp->pp_nomem = 1;
		return ("");
	}
	return (p);
}

/*
 * {"and": [...]} or {"or": [...]}.  Each operand's subtree is freed once
 * its node is built, so that a large predicate is not held twice.
 */
static md_pnode_t *
md_pred_logical(md_pparse_t *pp, md_pnode_t *n, cJSON *args)
{
	cJSON *c;
	size_t len, i = 0;

	if (++pp->pp_depth > MD_MAXPREDDEPTH) {
		(void) md_error_set(pp->pp_err, MD_ERR_LIMIT, "predicate: and/or "
		    "nested deeper than %d levels", MD_MAXPREDDEPTH);
		return (NULL);
	}
	for (c = args->child; c != NULL; c = c->next)
		n->pn_nkids++;
	if (!cJSON_IsArray(args) || n->pn_nkids < 2) {
		(void) md_pred_invalid(pp, "expected an array of at least two "
		    "predicates");
		return (NULL);
	}
	n->pn_kids = md_arena_alloc(&pp->pp_pred->mp_arena, n->pn_nkids,
	    sizeof (md_pnode_t *));
	if (n->pn_kids == NULL) {
		(void) md_error_nomem(pp->pp_err);
		return (NULL);
	}
	for (c = args->child; c != NULL; c = c->next, i++) {
		len = md_path_index(&pp->pp_path, i);
		if ((n->pn_kids[i] = md_pred_node(pp, c)) == NULL)
			return (NULL);
		md_path_cut(&pp->pp_path, len);
		cJSON_Delete(c->child);
		c->child = NULL;
	}
	pp->pp_depth--;
	return (n);
}

/*
 * A number in a comparison must be a D integer: an integer whose absolute
 * value is below 2^63, judged on the double the JSON number reads as
 * (1e-400 is 0; 9223372036854775807 reads as 2^63).
 */
static int
md_pred_integer(md_pparse_t *pp, double x)
{
	char num[MD_NUMBUFLEN];
	size_t len;

	if (isfinite(x) && x < MD_TWO63 && x > -MD_TWO63 &&
	    x == (double)(int64_t)x)
		return (0);
	len = md_path_index(&pp->pp_path, 1);
	if (!isfinite(x))
		(void) md_pred_invalid(pp, "the number is too large: %s",
		    MD_PRED_DINT);
	else if (md_number_format(x, num, sizeof (num)) == 0 &&
	    x < MD_TWO63 && x > -MD_TWO63)
		(void) md_pred_invalid(pp, "%s is not an integer: %s", num,
		    MD_PRED_DINT);
	else
		(void) md_pred_invalid(pp, "%s (the number as a double) is too "
		    "large: %s", num, MD_PRED_DINT);
	md_path_cut(&pp->pp_path, len);
	return (-1);
}

/* {"eq": [FIELD, VALUE]} and the other comparisons */
static md_pnode_t *
md_pred_relational(md_pparse_t *pp, md_pnode_t *n, const cJSON *args)
{
	const cJSON *f = cJSON_IsArray(args) ? args->child : NULL;
	const cJSON *v = f != NULL ? f->next : NULL;

	if (f == NULL || v == NULL || v->next != NULL) {
		(void) md_pred_invalid(pp, "expected [FIELD, VALUE]");
		return (NULL);
	}
	if (!cJSON_IsString(f)) {
		(void) md_pred_invalid(pp, "the field must be a string");
		return (NULL);
	}
	n->pn_kind = MDP_REL;
	n->pn_field = md_pred_str(pp, f->valuestring);
	if (cJSON_IsString(v)) {
		n->pn_str = md_pred_str(pp, v->valuestring);
	} else if (cJSON_IsNumber(v)) {
		if (md_pred_integer(pp, v->valuedouble) != 0)
			return (NULL);
		n->pn_num = v->valuedouble;
	} else {
		(void) md_pred_invalid(pp, "the value must be a number or a "
		    "string");
		return (NULL);
	}
	pp->pp_pred->mp_nleaves++;
	return (n);
}

static md_pnode_t *
md_pred_node(md_pparse_t *pp, cJSON *v)
{
	md_pnode_t *n;
	cJSON *kv;
	size_t i;

	if ((n = md_arena_alloc(&pp->pp_pred->mp_arena, 1,
	    sizeof (*n))) == NULL) {
		(void) md_error_nomem(pp->pp_err);
		return (NULL);
	}
	if ((cJSON_IsObject(v) || cJSON_IsArray(v)) && v->child == NULL) {
		n->pn_kind = MDP_TRUE;
		return (n);
	}
	if (!cJSON_IsObject(v)) {
		(void) md_pred_invalid(pp, "expected an object");
		return (NULL);
	}
	kv = v->child;
	if (kv->next != NULL) {
		(void) md_pred_invalid(pp, "expected exactly one key, found "
		    "\"%s\" and \"%s\"", kv->string, kv->next->string);
		return (NULL);
	}

	(void) md_path_key(&pp->pp_path, kv->string);
	if (strcmp(kv->string, "and") == 0 || strcmp(kv->string, "or") == 0) {
		n->pn_kind = kv->string[0] == 'a' ? MDP_AND : MDP_OR;
		return (md_pred_logical(pp, n, kv));
	}
	for (i = 0; i < sizeof (md_pred_ops) / sizeof (md_pred_ops[0]); i++) {
		if (strcmp(kv->string, md_pred_ops[i].op_name) == 0) {
			n->pn_op = md_pred_ops[i].op_d;
			return (md_pred_relational(pp, n, kv));
		}
	}
	(void) md_pred_invalid(pp, "unknown operator (expected eq, ne, lt, "
	    "le, gt, ge, and or or)");
	return (NULL);
}

/* The distinct fields of the comparisons, in the order they first occur. */
static void
md_pred_collect(md_pred_t *p, md_strtab_t *seen, const md_pnode_t *n)
{
	size_t i;

	if (n->pn_kind == MDP_REL) {
		if (md_strtab_put(seen, n->pn_field, p->mp_nfields) == 0)
			p->mp_fields[p->mp_nfields++] = n->pn_field;
		return;
	}
	for (i = 0; i < n->pn_nkids; i++)
		md_pred_collect(p, seen, n->pn_kids[i]);
}

md_pred_t *
md_pred_parse(const char *buf, size_t len, md_error_t *err)
{
	md_pparse_t pp;
	md_strtab_t seen;
	md_pred_t *p;
	cJSON *json;

	if (len > MD_MAXINPUT) {
		(void) md_error_set(err, MD_ERR_LIMIT, "predicate: larger than "
		    "the limit of %lu MiB", MD_MAXINPUT >> 20);
		return (NULL);
	}
	if ((p = calloc(1, sizeof (*p))) == NULL) {
		(void) md_error_nomem(err);
		return (NULL);
	}
	if ((json = md_json_parse(buf, len, "predicate", err)) == NULL) {
		if (err != NULL && err->mde_code == MD_ERR_JSON)
			err->mde_code = MD_ERR_PREDICATE;
		free(p);
		return (NULL);
	}

	pp.pp_pred = p;
	pp.pp_err = err;
	pp.pp_depth = 0;
	pp.pp_nomem = 0;
	md_path_init(&pp.pp_path);
	p->mp_root = md_pred_node(&pp, json);
	cJSON_Delete(json);
	if (p->mp_root == NULL || pp.pp_nomem) {
		if (pp.pp_nomem)
			(void) md_error_nomem(err);
		md_pred_free(p);
		return (NULL);
	}

	if ((p->mp_fields = md_arena_alloc(&p->mp_arena, p->mp_nleaves,
	    sizeof (char *))) == NULL ||
	    md_strtab_init(&seen, p->mp_nleaves, NULL) != 0) {
		(void) md_error_nomem(err);
		md_pred_free(p);
		return (NULL);
	}
	md_pred_collect(p, &seen, p->mp_root);
	md_strtab_fini(&seen);
	return (p);
}

void
md_pred_free(md_pred_t *p)
{
	if (p == NULL)
		return;
	md_arena_free(&p->mp_arena);
	free(p);
}

int
md_pred_trivial(const md_pred_t *p)
{
	return (p == NULL || p->mp_root->pn_kind == MDP_TRUE);
}

/* Node n as JSON, as a user writes it: {"eq": ["execname", "sshd"]}. */
static void
md_pred_json_node(md_buf_t *b, const md_pnode_t *n)
{
	char num[MD_NUMBUFLEN];
	size_t i;

	if (n->pn_kind == MDP_TRUE) {
		md_buf_puts(b, "{}");
		return;
	}
	md_buf_puts(b, n->pn_kind == MDP_AND ? "{\"and\": [" :
	    n->pn_kind == MDP_OR ? "{\"or\": [" : "{\"");
	if (n->pn_kind != MDP_REL) {
		for (i = 0; i < n->pn_nkids; i++) {
			if (i > 0)
				md_buf_puts(b, ", ");
			md_pred_json_node(b, n->pn_kids[i]);
		}
		md_buf_puts(b, "]}");
		return;
	}
	for (i = 0; strcmp(md_pred_ops[i].op_d, n->pn_op) != 0; i++)
		continue;
	md_buf_puts(b, md_pred_ops[i].op_name);
	md_buf_puts(b, "\": [");
	md_json_putstr(b, n->pn_field, strlen(n->pn_field));
	md_buf_puts(b, ", ");
	if (n->pn_str != NULL) {
		md_json_putstr(b, n->pn_str, strlen(n->pn_str));
	} else {
		(void) md_number_format(n->pn_num, num, sizeof (num));
		md_buf_puts(b, num);
	}
	md_buf_puts(b, "]}");
}

void
md_pred_putjson(md_buf_t *b, const md_pred_t *p)
{
	if (p == NULL)
		md_buf_puts(b, "{}");
	else
		md_pred_json_node(b, p->mp_root);
}

char *
md_pred_json(const md_pred_t *p)
{
	md_buf_t b;
	size_t len;

	md_buf_init(&b);
	md_pred_putjson(&b, p);
	if (md_buf_failed(&b)) {
		md_buf_fini(&b);
		return (NULL);
	}
	return (md_buf_claim(&b, &len));
}

size_t
md_pred_nfields(const md_pred_t *p)
{
	return (p == NULL ? 0 : p->mp_nfields);
}

const char *
md_pred_field(const md_pred_t *p, size_t i)
{
	return (p != NULL && i < p->mp_nfields ? p->mp_fields[i] : NULL);
}

/*
 * s as a D string literal: " \ newline tab escaped as \" \\ \n \t, other
 * control characters, DEL and bytes that are not UTF-8 as three octal
 * digits, so that the literal cannot end early and is text (a host name
 * comes from the system, not from JSON that was checked to be UTF-8).
 */
void
md_dstring(md_buf_t *b, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t left = strlen(s), n;
	const char *run = s;
	char esc[8];

	md_buf_putc(b, '"');
	while (left > 0) {
		unsigned char c = *p;

		if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
			p++;
			left--;
			continue;
		}
		if (c >= 0x80 && (n = md_utf8_len(p, left)) > 0) {
			p += n;
			left -= n;
			continue;
		}
		md_buf_append(b, run, (size_t)((const char *)p - run));
		if (c == '"' || c == '\\') {
			esc[0] = '\\';
			esc[1] = (char)c;
			esc[2] = '\0';
		} else if (c == '\n') {
			(void) strcpy(esc, "\\n");
		} else if (c == '\t') {
			(void) strcpy(esc, "\\t");
		} else {
			(void) snprintf(esc, sizeof (esc), "\\%03o", c);
		}
		md_buf_puts(b, esc);
		p++;
		left--;
		run = (const char *)p;
	}
	md_buf_append(b, run, (size_t)((const char *)p - run));
	md_buf_putc(b, '"');
}

static int
md_pred_print_node(md_buf_t *b, const md_pnode_t *n, md_pred_field_f cb,
    void *arg, md_error_t *err)
{
	char num[MD_NUMBUFLEN];
	md_pcmp_t cmp;
	md_list_t l;
	size_t i;

	switch (n->pn_kind) {
	case MDP_TRUE:
		md_buf_putc(b, '1');
		return (0);
	case MDP_REL:
		/* parsing made the number a D integer, which always prints */
		if (n->pn_str == NULL)
			(void) md_number_format(n->pn_num, num, sizeof (num));
		cmp.pc_field = n->pn_field;
		cmp.pc_str = n->pn_str;
		cmp.pc_num = n->pn_str == NULL ? num : NULL;
		if (cb(b, &cmp, arg, err) != 0)
			return (-1);
		md_buf_putc(b, ' ');
		md_buf_puts(b, n->pn_op);
		md_buf_putc(b, ' ');
		if (n->pn_str != NULL)
			md_dstring(b, n->pn_str);
		else
			md_buf_puts(b, num);
		return (0);
	default:
		/* the item that holds this node holds the list: bare */
		md_list_init(&l, b, n->pn_kind == MDP_AND ? " && " : " || ", 1);
		for (i = 0; i < n->pn_nkids; i++) {
			md_list_item(&l);
			if (md_pred_print_node(b, n->pn_kids[i], cb, arg,
			    err) != 0)
				return (-1);
			md_list_end(&l);
		}
		md_list_close(&l);
		return (0);
	}
}

int
md_pred_print(md_buf_t *b, const md_pred_t *p, md_pred_field_f cb, void *arg,
    md_error_t *err)
{
	if (p == NULL) {
		md_buf_putc(b, '1');
		return (0);
	}
	return (md_pred_print_node(b, p->mp_root, cb, arg, err));
}

/*
 * FIELD == VALUE: the string str, or the number 0 if str is NULL (for
 * md_metric_check()).  field and str are borrowed, and must outlive it.
 */
md_pred_t *
md_pred_eq(const char *field, const char *str)
{
	md_pred_t *p;
	md_pnode_t *n;

	if ((p = calloc(1, sizeof (*p))) == NULL)
		return (NULL);
	if ((n = md_arena_alloc(&p->mp_arena, 1, sizeof (*n))) == NULL ||
	    (p->mp_fields = md_arena_alloc(&p->mp_arena, 1,
	    sizeof (char *))) == NULL) {
		md_pred_free(p);
		return (NULL);
	}
	n->pn_kind = MDP_REL;
	n->pn_op = "==";
	n->pn_field = field;
	n->pn_str = str;
	n->pn_num = 0;
	p->mp_root = n;
	p->mp_fields[0] = field;
	p->mp_nfields = 1;
	p->mp_nleaves = 1;
	return (p);
}
