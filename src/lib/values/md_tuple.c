/*
 * md_tuple.c: tables from a tuple of keys to an index.
 *
 * Three outputs keep something per tuple of an aggregation's keys: an
 * interval's line merges the values of keys that print alike
 * (md_interval.c), an exposition keeps a series per tuple of labels
 * (md_prom.c), --run keeps each record's last value (md_delta.c).  Each
 * looks its tuple up here.  The keys are chosen by the traced system, so
 * the table is a byte table (md_hash.c), whose hash is keyed: a flood of
 * keys chosen to collide costs what any keys cost.
 *
 * A tuple is encoded once into bytes, unambiguously: each key but the
 * last after its length (a size_t, as the machine lays it out), the last
 * running to the end; a tuple of one key is that key's bytes, looked up
 * where they are.  A table of forms (tt_form) encodes each key as every
 * output prints it (md_key.c), so that keys that print alike are one
 * tuple (and, the form being one to one, only the same keys are); its
 * user reads the forms back from the encoding (md_tuptab_key()) rather
 * than make them again.
 *
 * md_tuptab_lookup() and md_tuptab_remove() encode into the table's own
 * buffer, kept from one tuple to the next; md_tuptab_find(), which reads
 * a const table, into one of its own (a tuple of one key needs none).
 */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "md_impl.h"

/* An empty table of tuples of nkeys keys, as they print with form. */
void
md_tuptab_init(md_tuptab_t *t, size_t nkeys, int form)
{
	(void) memset(t, 0, sizeof (*t));
	md_buf_init(&t->tt_enc);
	t->tt_nkeys = nkeys;
	t->tt_form = form;
}

/*
 * The tuple (keys, lens) encoded into b; where each key lies in it into
 * off (if not NULL).  0, or -1 when out of memory.
 */
static int
md_tuptab_encode(const md_tuptab_t *t, md_buf_t *b, const char *const *keys,
    const size_t *lens, size_t *off)
{
	size_t k, at = 0, n;

	if (md_buf_failed(b))
		md_buf_fini(b);		/* out of memory before */
	md_buf_reset(b);
	for (k = 0; k < t->tt_nkeys; k++) {
		if (k + 1 < t->tt_nkeys) {	/* its length, once known */
			at = b->mb_len;
			md_buf_append(b, (const char *)&at, sizeof (size_t));
		}
		if (off != NULL)
			off[k] = b->mb_len;
		if (t->tt_form)
			md_key_put(b, keys[k], lens[k]);
		else
			md_buf_append(b, keys[k], lens[k]);
		if (md_buf_failed(b))
			return (-1);
		if (k + 1 < t->tt_nkeys) {
			n = b->mb_len - at - sizeof (size_t);
			(void) memcpy(b->mb_data + at, &n, sizeof (size_t));
		}
	}
	return (0);
}

/* Is a tuple its own encoding (one key, not formed)? */
static int
md_tuptab_bare(const md_tuptab_t *t)
{
	return (t->tt_nkeys == 1 && !t->tt_form);
}

/*
 * The tuple's encoding, in b or (bare) the key itself: *encp, *lenp.  0,
 * or -1 when out of memory.
 */
static int
md_tuptab_bytes(const md_tuptab_t *t, md_buf_t *b, const char *const *keys,
    const size_t *lens, size_t *off, const void **encp, size_t *lenp)
{
	if (md_tuptab_bare(t)) {
		*encp = lens[0] > 0 ? keys[0] : "";
		*lenp = lens[0];
		if (off != NULL)
			off[0] = 0;
		return (0);
	}
	if (md_tuptab_encode(t, b, keys, lens, off) != 0)
		return (-1);
	*encp = b->mb_len > 0 ? b->mb_data : "";
	*lenp = b->mb_len;
	return (0);
}

/*
 * The index of the tuple in *valp: 0 if it was there; else it is added
 * with index val, and 1.  -1 when out of memory (nothing added).  Either
 * way, md_tuptab_key() then reads its keys.
 */
int
md_tuptab_lookup(md_tuptab_t *t, const char *const *keys,
    const size_t *lens, size_t val, size_t *valp)
{
	const void *enc;
	size_t len;

	t->tt_last = NULL;
	if (md_tuptab_bytes(t, &t->tt_enc, keys, lens, t->tt_off, &enc,
	    &len) != 0)
		return (-1);
	t->tt_last = enc;
	t->tt_lastlen = len;
	return (md_btab_lookup(&t->tt_tab, enc, len, val, valp));
}

/*
 * Key k of the tuple last looked up, as encoded (a table of forms: as it
 * prints), and its length: valid until the next lookup, or until the
 * caller's keys change.
 */
const char *
md_tuptab_key(const md_tuptab_t *t, size_t k, size_t *lenp)
{
	if (k + 1 < t->tt_nkeys)
		(void) memcpy(lenp, t->tt_last + t->tt_off[k] -
		    sizeof (size_t), sizeof (size_t));
	else
		*lenp = t->tt_lastlen - t->tt_off[k];
	return (t->tt_last + t->tt_off[k]);
}

/*
 * The tuple last looked up let go: an add undone, where what its index
 * was for could not be made.  Needs no memory.
 */
void
md_tuptab_drop(md_tuptab_t *t)
{
	if (t->tt_last != NULL)
		(void) md_btab_remove(&t->tt_tab, t->tt_last, t->tt_lastlen,
		    NULL);
}

/*
 * The index of the tuple in *valp, if it is there: 1; else 0.  -1 when
 * out of memory.
 */
int
md_tuptab_find(const md_tuptab_t *t, const char *const *keys,
    const size_t *lens, size_t *valp)
{
	md_buf_t b;
	const void *enc;
	size_t len;
	int rv = -1;

	if (t->tt_tab.bt_n == 0)
		return (0);
	md_buf_init(&b);
	if (md_tuptab_bytes(t, &b, keys, lens, NULL, &enc, &len) == 0)
		rv = md_btab_find(&t->tt_tab, enc, len, valp);
	md_buf_fini(&b);
	return (rv);
}

/*
 * The tuple taken out, its index in *valp (if not NULL): 1; 0 if it was
 * not there; -1 when out of memory (it stays).
 */
int
md_tuptab_remove(md_tuptab_t *t, const char *const *keys,
    const size_t *lens, size_t *valp)
{
	const void *enc;
	size_t len;

	if (t->tt_tab.bt_n == 0)
		return (0);
	t->tt_last = NULL;	/* tt_enc is this tuple's now */
	if (md_tuptab_bytes(t, &t->tt_enc, keys, lens, NULL, &enc,
	    &len) != 0)
		return (-1);
	return (md_btab_remove(&t->tt_tab, enc, len, valp));
}

/*
 * Every tuple's index made map(index, arg), those mapped to SIZE_MAX let
 * go (md_btab_filter()): 0, or -1 when out of memory, the table as it
 * was.
 */
int
md_tuptab_filter(md_tuptab_t *t, size_t (*map)(size_t, void *), void *arg)
{
	return (md_btab_filter(&t->tt_tab, map, arg));
}

size_t
md_tuptab_count(const md_tuptab_t *t)
{
	return (t->tt_tab.bt_n);
}

/* Every tuple let go; the slots and the hash's key kept, for the next. */
void
md_tuptab_clear(md_tuptab_t *t)
{
	md_btab_clear(&t->tt_tab);
}

void
md_tuptab_fini(md_tuptab_t *t)
{
	md_btab_fini(&t->tt_tab);
	md_buf_fini(&t->tt_enc);
	t->tt_last = NULL;
	t->tt_lastlen = 0;
}

/*
 * Two tuples of nkeys keys compared as every output orders them: key by
 * key, in byte order, a key before the longer keys it begins.
 */
int
md_tuple_cmp(const char *const *ak, const size_t *al, const char *const *bk,
    const size_t *bl, size_t nkeys)
{
	size_t i, n;
	int c;

	for (i = 0; i < nkeys; i++) {
		n = al[i] < bl[i] ? al[i] : bl[i];
		if ((c = memcmp(ak[i], bk[i], n)) != 0)
			return (c);
		if (al[i] != bl[i])
			return (al[i] < bl[i] ? -1 : 1);
	}
	return (0);
}
