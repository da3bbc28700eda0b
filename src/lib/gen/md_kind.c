/*
 * md_kind.c: whether a transform is certainly a string or a number
 * (SPEC 7.16).
 *
 * dtrace refuses to compare a string with a number ("operands have
 * incompatible types"), so a predicate that compares a field with a value
 * of the other kind is refused before a script is made.  The kind of a
 * transform is decided by a fixed rule, no more and no less, so that a
 * transform whose type cannot be known without the kernel's types is
 * never refused.  md_dparse.c reads the rule off its parse of the
 * transform (md_dparse_kind()); what it cannot know is which variables
 * the plan's gathers stored, and this tells it: a variable a gather
 * stored, by the name $N gave it (self->latency0, or latency0[arg0] with
 * the store's index), is of the kind of the gather's expression, read in
 * turn, one level deeper (MD_KIND_MAXDEPTH bounds a chain of them).
 */

#include <string.h>

#include "md_impl.h"

const char *
md_kind_name(md_kind_t k)
{
	return (k == MD_KIND_STRING ? "a string" : k == MD_KIND_NUMBER ?
	    "a number" : "of unknown kind");
}

/*
 * The j-th variable of the gather g, if it is the one named name (nlen
 * bytes, "self->" taken off if thread) and indexed as rest (rlen bytes)
 * says: the store's index, token for token.
 */
static int
md_kind_isvar(const md_gather_t *g, size_t j, int thread, size_t nlen,
    const char *rest, size_t rlen)
{
	return (j < g->mg_n &&
	    (strncmp(g->mg_names[j], "self->", 6) == 0) == thread &&
	    strlen(g->mg_names[j]) == nlen + (thread ? 6 : 0) &&
	    md_dlex_same(rest, rlen, g->mg_index[j], strlen(g->mg_index[j])));
}

/*
 * The kind of the variable that text (len bytes, a postfix expression
 * at nesting depth) names, if a gather of the plan (arg) stored it:
 * "self->F<j>" or "F<j>", then the store's index if it has one; -1 if it
 * is none.  md_dparse_kind() asks it (md_dkindvar_f).
 */
static int
md_kind_var(const char *text, size_t len, unsigned depth, const void *arg)
{
	const md_gvar_t *gv;
	const char *name, *rest, *digits;
	size_t nlen, nd, k, j, i;
	md_dlex_t dl;
	int thread;

	md_dlex_init(&dl, text, len);
	if (md_dlex_next(&dl) != MDT_IDENT)
		return (-1);
	if ((thread = md_dlex_is(&dl, "self")) != 0 &&
	    (md_dlex_next(&dl) != MDT_OP || !md_dlex_is(&dl, "->") ||
	    md_dlex_next(&dl) != MDT_IDENT))
		return (-1);
	name = text + dl.dl_off;
	nlen = dl.dl_toklen;
	rest = name + nlen;

	/* F<j>: the field is what is left of the name without j's digits */
	for (nd = 0; nd < nlen && name[nlen - 1 - nd] >= '0' &&
	    name[nlen - 1 - nd] <= '9'; nd++)
		continue;
	for (k = 1; k <= nd && k < nlen; k++) {
		digits = name + nlen - k;
		if ((k > 1 && digits[0] == '0') || k > 9 ||
		    (gv = md_plan_gatheredn(arg, name, nlen - k)) == NULL)
			continue;
		for (j = 0, i = 0; i < k; i++)
			j = j * 10 + (size_t)(digits[i] - '0');
		if (!md_kind_isvar(gv->gv_gather, j, thread, nlen, rest,
		    len - (size_t)(rest - text)))
			continue;
		if (depth + 1 > MD_KIND_MAXDEPTH)
			return (MD_KIND_UNKNOWN);
		return ((int)md_dparse_kind(gv->gv_gather->mg_exprs[j],
		    strlen(gv->gv_gather->mg_exprs[j]), depth + 1, md_kind_var,
		    arg));
	}
	return (-1);
}

/*
 * The kind of text (len bytes), a D expression, with the variables of the
 * plan's gathers (pl may be NULL: none).
 */
md_kind_t
md_kind(const char *text, size_t len, const md_plan_t *pl)
{
	return (md_dparse_kind(text, len, 0, pl != NULL ? md_kind_var : NULL,
	    pl));
}
