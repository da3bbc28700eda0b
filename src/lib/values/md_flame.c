/*
 * md_flame.c: the lines meta-d --run prints of stacks, read into a tree
 * of frames (SPEC 8.6); md_flamesvg.c draws it.
 *
 * A line is one interval (md_jl_interval() reads its envelope); its value
 * is {STACK: N, ...} (one -s) or {KEY: {STACK: N, ...}, ...} (two -s),
 * N a count or a sum, read exactly as a 64-bit integer by md_linescan.c's
 * readers.  The first line with a key fixes the shape of all, so that the
 * lines of two requests are not drawn as one.
 *
 * The tree: a node a path from the root ("all", node 0), found from its
 * parent and its name through an open-addressing table; a child is made
 * after its parent, so that md_flamesvg.c adds the events up in one pass
 * from the last node to the first.  A stack's frames are innermost first,
 * so they are walked from the end of the key; a two -s key's first part
 * comes first (above the root).  Each whole key (the first part's length,
 * the first part, the stack) is kept in a byte table to its leaf, so a
 * stack seen before costs one lookup, whatever its depth: time is linear
 * in the lines' bytes, memory in the distinct paths and keys.  A key
 * remembers the last line that held it, so that a key given twice in a
 * line (which --run never writes) is refused; two keys may end at one
 * leaf (a first part "a\nb" and a stack "c", or "b" and "c\na").
 *
 * A frame is named without its offset ("+0x9c"): a function is one box.
 * A frame is of the kernel when its module (what comes before its '`')
 * is one the kernel's stacks name (vmlinux on Linux, unix and genunix on
 * illumos, kernel on FreeBSD, mach_kernel on macOS), or when its caller
 * is: modules loaded into the kernel are only known by their callers.
 */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "md_impl.h"

#define	MD_FL_MAXNODES	(UINT32_MAX / 2)

md_flame_t *
md_flame_new(md_error_t *err)
{
	md_flame_t *f = calloc(1, sizeof (*f));

	if (f == NULL || (f->fl_nodes = calloc(64, sizeof (md_flnode_t))) ==
	    NULL || (f->fl_slots = calloc(64, sizeof (uint32_t))) == NULL) {
		if (f != NULL)
			free(f->fl_nodes);
		free(f);
		(void) md_error_nomem(err);
		return (NULL);
	}
	f->fl_nodecap = 64;
	f->fl_nslots = 64;
	f->fl_nnodes = 1;	/* the root, "all" */
	md_buf_init(&f->fl_names);
	md_buf_init(&f->fl_str);
	md_buf_init(&f->fl_outer);
	md_buf_init(&f->fl_enc);
	md_buf_append(&f->fl_names, "all", 3);
	f->fl_nodes[0].fn_len = 3;
	return (f);
}

void
md_flame_free(md_flame_t *f)
{
	if (f == NULL)
		return;
	free(f->fl_nodes);
	free(f->fl_slots);
	free(f->fl_keys);
	md_buf_fini(&f->fl_names);
	md_buf_fini(&f->fl_str);
	md_buf_fini(&f->fl_outer);
	md_buf_fini(&f->fl_enc);
	md_btab_fini(&f->fl_stacks);
	free(f);
}

/* FNV-1a of name under parent. */
static uint32_t
md_fl_hash(uint32_t parent, const char *name, size_t len)
{
	uint32_t h = 2166136261U ^ parent * 0x9e3779b1U;
	size_t i;

	for (i = 0; i < len; i++)
		h = (h ^ (unsigned char)name[i]) * 16777619U;
	return (h ^ h >> 15);
}

/* Is a frame of this module one of the kernel's? */
static int
md_fl_kmod(const char *name, size_t len)
{
	static const char *const kmods[] = { "vmlinux", "unix", "genunix",
	    "kernel", "mach_kernel" };
	const char *q = memchr(name, '`', len);
	size_t i, n;

	if (q == NULL)
		return (0);
	n = (size_t)(q - name);
	for (i = 0; i < sizeof (kmods) / sizeof (kmods[0]); i++) {
		if (strlen(kmods[i]) == n && memcmp(name, kmods[i], n) == 0)
			return (1);
	}
	return (0);
}

/* The table of children twice as large, every node placed again. */
static int
md_fl_rehash(md_flame_t *f)
{
	size_t n = f->fl_nslots * 2, i, s;
	uint32_t *slots;

	if (n > SIZE_MAX / sizeof (*slots) || (slots = calloc(n,
	    sizeof (*slots))) == NULL)
		return (-1);
	for (i = 1; i < f->fl_nnodes; i++) {
		for (s = f->fl_nodes[i].fn_hash & (n - 1); slots[s] != 0;
		    s = (s + 1) & (n - 1))
			continue;
		slots[s] = (uint32_t)i + 1;
	}
	free(f->fl_slots);
	f->fl_slots = slots;
	f->fl_nslots = n;
	return (0);
}

/* A new node, name under parent, in slot s of the table. */
static int
md_fl_add(md_flame_t *f, uint32_t parent, const char *name, size_t len,
    uint32_t h, size_t s)
{
	md_flnode_t *n;
	void *p;

	if (f->fl_nnodes == f->fl_nodecap) {
		if (f->fl_nodecap > SIZE_MAX / sizeof (*n) / 2 ||
		    (p = realloc(f->fl_nodes, f->fl_nodecap * 2 *
		    sizeof (*n))) == NULL)
			return (-1);
		f->fl_nodes = p;
		f->fl_nodecap *= 2;
	}
	n = &f->fl_nodes[f->fl_nnodes];
	(void) memset(n, 0, sizeof (*n));
	n->fn_name = f->fl_names.mb_len;
	n->fn_len = (uint32_t)len;
	n->fn_parent = parent;
	n->fn_hash = h;
	n->fn_flags = (f->fl_nodes[parent].fn_flags & MD_FL_KERNEL) ||
	    md_fl_kmod(name, len) ? MD_FL_KERNEL : 0;
	md_buf_append(&f->fl_names, name, len);
	if (md_buf_failed(&f->fl_names))
		return (-1);
	f->fl_slots[s] = (uint32_t)f->fl_nnodes++ + 1;
	return (0);
}

/* The child name of parent, made if new: its index, or -1 (memory). */
static int64_t
md_fl_child(md_flame_t *f, uint32_t parent, const char *name, size_t len)
{
	uint32_t h = md_fl_hash(parent, name, len);
	const md_flnode_t *n;
	size_t s;

	if (len > UINT32_MAX || f->fl_nnodes >= MD_FL_MAXNODES ||
	    ((f->fl_nnodes + 1) * 4 > f->fl_nslots * 3 && md_fl_rehash(f) != 0))
		return (-1);
	for (s = h & (f->fl_nslots - 1); f->fl_slots[s] != 0;
	    s = (s + 1) & (f->fl_nslots - 1)) {
		n = &f->fl_nodes[f->fl_slots[s] - 1];
		if (n->fn_hash == h && n->fn_parent == parent &&
		    n->fn_len == len && memcmp(f->fl_names.mb_data +
		    n->fn_name, name, len) == 0)
			return ((int64_t)f->fl_slots[s] - 1);
	}
	if (md_fl_add(f, parent, name, len, h, s) != 0)
		return (-1);
	return ((int64_t)f->fl_nnodes - 1);
}

/*
 * A frame's length without its offset: "vmlinux`vfs_read+0x9c" is
 * "vmlinux`vfs_read", so that the samples of a function are one box
 * wherever in it they fell (as stackcollapse.pl does for flame graphs of
 * dtrace's stacks); an address alone ("0x7ff8...") is kept.
 */
static size_t
md_fl_funclen(const char *frame, size_t len)
{
	size_t i = len;

	while (i > 0 && strchr("0123456789abcdefABCDEF", frame[i - 1]) !=
	    NULL && frame[i - 1] != '\0')
		i--;
	if (i < len && i > 3 && frame[i - 1] == 'x' && frame[i - 2] == '0' &&
	    frame[i - 3] == '+')
		return (i - 3);
	return (len);
}

/*
 * The frames of key (len bytes, innermost first, joined by "\n") from
 * node *np up, outermost first: *np the last.  An empty key is no frame
 * (a kernel stack() of a sample taken in user mode): its events are the
 * node's own.  0, or -1 (memory).
 */
static int
md_fl_path(md_flame_t *f, const char *key, size_t len, uint32_t *np)
{
	size_t end = len, i;
	int64_t c;

	while (len > 0) {
		for (i = end; i > 0 && key[i - 1] != '\n'; i--)
			continue;
		if ((c = md_fl_child(f, *np, key + i, md_fl_funclen(key + i,
		    end - i))) < 0)
			return (-1);
		*np = (uint32_t)c;
		if (i == 0)
			break;
		end = i - 1;
	}
	return (0);
}

/* Room for one more key in fl_keys: 0, or -1 (memory). */
static int
md_fl_keyroom(md_flame_t *f)
{
	size_t cap = f->fl_keycap == 0 ? 64 : f->fl_keycap * 2;
	void *p;

	if (f->fl_nkeys < f->fl_keycap)
		return (0);
	if (cap > SIZE_MAX / sizeof (md_flkey_t) || (p = realloc(f->fl_keys,
	    cap * sizeof (md_flkey_t))) == NULL)
		return (-1);
	f->fl_keys = p;
	f->fl_keycap = cap;
	return (0);
}

/*
 * The whole key of the stack in fl_str (under fl_outer's key when
 * keyed), its leaf made if new: its entry in fl_keys.
 */
static int
md_fl_wholekey(md_flame_t *f, md_jline_t *r, md_flkey_t **kp)
{
	md_buf_t *e = &f->fl_enc;
	size_t n = f->fl_outer.mb_len, k = 0;
	uint32_t node = 0;

	md_buf_reset(e);
	if (f->fl_shape == MD_FL_KEYED) {
		md_buf_append(e, (const char *)&n, sizeof (n));
		md_buf_append(e, f->fl_outer.mb_data, n);
	}
	md_buf_append(e, f->fl_str.mb_data, f->fl_str.mb_len);
	if (md_buf_failed(e))
		return (md_error_nomem(r->jl_err));
	if (!md_btab_find(&f->fl_stacks, e->mb_data, e->mb_len, &k)) {
		if (md_fl_keyroom(f) != 0 || (f->fl_shape == MD_FL_KEYED &&
		    md_fl_path(f, f->fl_outer.mb_data, n, &node) != 0) ||
		    md_fl_path(f, f->fl_str.mb_data, f->fl_str.mb_len,
		    &node) != 0 || md_btab_lookup(&f->fl_stacks, e->mb_data,
		    e->mb_len, f->fl_nkeys, &k) < 0)
			return (md_error_nomem(r->jl_err));
		f->fl_keys[k].fk_leaf = node;
		f->fl_keys[k].fk_line = 0;
		f->fl_nkeys++;
	}
	*kp = &f->fl_keys[k];
	return (0);
}

/*
 * N of the stack in fl_str (at at in the line): the leaf's events, and
 * all.
 */
static int
md_fl_count(md_flame_t *f, md_jline_t *r, const char *at, const char *end)
{
	md_flkey_t *k = NULL;
	uint64_t v;

	if (md_jl_uint64(r, "a value (a count or sum)", &v) != 0 ||
	    md_fl_wholekey(f, r, &k) != 0)
		return (-1);
	if (k->fk_line == f->fl_lineno) {
		r->jl_p = at;
		return (md_jl_error(r, "the key %.*s twice in one value (as "
		    "JSON reads it): meta-d --run writes no key twice",
		    (int)(end - at), at));
	}
	k->fk_line = f->fl_lineno;
	if (f->fl_total > UINT64_MAX - v) {
		r->jl_p = at;
		return (md_jl_error(r, "the values add up past 2^64 - 1"));
	}
	f->fl_total += v;
	f->fl_nodes[k->fk_leaf].fn_self += v;
	return (0);
}

/* The first key fixes the shape of all: one -s, or two. */
static int
md_fl_shape(md_flame_t *f, md_jline_t *r, int shape)
{
	static const char *const what[] = { "", "an object of numbers",
	    "an object of objects" };

	if (f->fl_shape == 0) {
		f->fl_shape = shape;
		f->fl_shapeline = f->fl_lineno;
	}
	if (f->fl_shape == shape)
		return (0);
	return (md_jl_error(r, "\"value\" is %s, and line %zu's %s: the "
	    "lines of two requests", what[shape], f->fl_shapeline,
	    what[f->fl_shape]));
}

/* A value's key in fl_str, then ':': where it starts and ends. */
static int
md_fl_key(md_flame_t *f, md_jline_t *r, const char **atp, const char **endp)
{
	(void) md_jl_peek(r);
	*atp = r->jl_p;
	if (md_jl_string(r, &f->fl_str) != 0)
		return (-1);
	*endp = r->jl_p;
	if (md_buf_failed(&f->fl_str))
		return (md_error_nomem(r->jl_err));
	return (md_jl_expect(r, ':'));
}

/* Not a number where one must be: the value of key [at, end). */
static int
md_fl_notnum(md_jline_t *r, const char *at, const char *end, int c)
{
	return (md_jl_error(r, "the value of key %.*s is %s, not a number: "
	    "--flamegraph adds counts and sums", (int)(end - at), at,
	    md_jl_what(c)));
}

/* The inner object of a two -s line: {STACK: N, ...}. */
static int
md_fl_inner(md_flame_t *f, md_jline_t *r)
{
	const char *at, *end;
	int c;

	if ((c = md_jl_open(r, '{', '}')) != 0)
		return (c < 0 ? -1 : 0);
	do {
		if (md_fl_key(f, r, &at, &end) != 0)
			return (-1);
		if ((c = md_jl_peek(r)) != '-' && (c < '0' || c > '9'))
			return (md_fl_notnum(r, at, end, c));
		if (md_fl_count(f, r, at, end) != 0)
			return (-1);
	} while ((c = md_jl_either(r, ',', '}')) == ',');
	return (c == '}' ? 0 : -1);
}

/* The line's "value": {STACK: N, ...} or {KEY: {STACK: N, ...}, ...}. */
static int
md_fl_value(md_jline_t *r, void *arg)
{
	md_flame_t *f = arg;
	const char *at, *end;
	int c;

	if ((c = md_jl_peek(r)) != '{')
		return (md_jl_error(r, "\"value\" is %s: --flamegraph draws "
		    "a request whose last -s field is a stack (its values an "
		    "object of numbers)", md_jl_what(c)));
	if ((c = md_jl_open(r, '{', '}')) != 0)
		return (c < 0 ? -1 : 0);
	do {
		if (md_fl_key(f, r, &at, &end) != 0)
			return (-1);
		c = md_jl_peek(r);
		if (c != '{' && c != '-' && (c < '0' || c > '9'))
			return (md_fl_notnum(r, at, end, c));
		if (md_fl_shape(f, r, c == '{' ? MD_FL_KEYED : MD_FL_STACK))
			return (-1);
		if (c != '{') {
			if (md_fl_count(f, r, at, end) != 0)
				return (-1);
			continue;
		}
		md_buf_reset(&f->fl_outer);
		md_buf_append(&f->fl_outer, f->fl_str.mb_data,
		    f->fl_str.mb_len);
		if (md_buf_failed(&f->fl_outer))
			return (md_error_nomem(r->jl_err));
		if (md_fl_inner(f, r) != 0)
			return (-1);
	} while ((c = md_jl_either(r, ',', '}')) == ',');
	return (c == '}' ? 0 : -1);
}

/* A graph that failed: its error again. */
static int
md_fl_again(const md_flame_t *f, md_error_t *err)
{
	if (err != NULL)
		*err = f->fl_err;
	return (-1);
}

int
md_flame_line(md_flame_t *f, const char *line, size_t len, md_error_t *err)
{
	md_jline_t r;
	int64_t start, dur;

	if (f->fl_failed)
		return (md_fl_again(f, err));
	md_jl_init(&r, line, len, ++f->fl_lineno, &f->fl_err);
	if (md_jl_peek(&r) == -1)
		return (0);
	if (md_jl_interval(&r, &f->fl_str, md_fl_value, f, &start, &dur) !=
	    0) {
		f->fl_failed = 1;
		return (md_fl_again(f, err));
	}
	return (0);
}

char *
md_flame_svg(md_flame_t *f, const md_flameopts_t *opts, size_t *lenp,
    md_error_t *err)
{
	unsigned w = opts == NULL ? 0 : opts->mdf_width;

	if (f->fl_failed) {
		(void) md_fl_again(f, err);
		return (NULL);
	}
	if (f->fl_lineno == 0) {
		(void) md_error_set(err, MD_ERR_LINE, "no line: nothing to "
		    "draw");
		return (NULL);
	}
	if (w != 0 && (w < MD_FLAME_MINWIDTH || w > MD_FLAME_MAXWIDTH)) {
		(void) md_error_set(err, MD_ERR_ARG, "a width of %u "
		    "pixels: give one from %d to %d", w, MD_FLAME_MINWIDTH,
		    MD_FLAME_MAXWIDTH);
		return (NULL);
	}
	return (md_fl_draw(f, opts, lenp, err));
}
