/*
 * md_flamesvg.c: a flame graph drawn as one SVG document (SPEC 8.6).
 *
 * The look is Brendan Gregg's FlameGraph: a pale yellow page, the root
 * ("all") at the bottom as wide as the page less a margin, each frame a
 * box 15 pixels tall (a row of 16) as wide as the events under it, its
 * callees above it, left to right in byte order of their names; a box's
 * tooltip (a <title>) says its frame, its events and their share of all.
 * Its label is the frame where it fits (at FL_CHARW pixels a character of
 * the monospace labels), else cut with "..", else none.  No script, no
 * external font or stylesheet: the document is what is shown.
 *
 * Colours: from a hash of the frame's function (the name less its
 * module, before a '`', and its offset, from a '+'), so that a function
 * has one colour wherever it is: "hot" (red to yellow) for a frame of a
 * program, rose for one of the kernel (md_flame.c says which).
 *
 * Text: a frame is shown in the form of SPEC 8.1 (a backslash doubled,
 * \xHH for bytes that were not UTF-8), and what XML 1.0 cannot hold, or
 * a person cannot see, as \xHH too (control characters: the key form
 * doubles every backslash, so this \xHH is no text of the key), then
 * escaped for XML.
 *
 * Time and memory: a pass over the nodes adds the events up (a child's
 * index is greater than its parent's); the frames drawn (those not
 * narrower than 0.1% of the width) are sorted by (parent, name), which
 * puts each frame's callees together in their order and every parent
 * before its callees, so one more pass places them all.
 */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "md_impl.h"

#define	FL_PAD		10	/* pixels left and right of the frames */
#define	FL_TOP		64	/* above them: the title and summary */
#define	FL_BOTTOM	34	/* below: the legend */
#define	FL_ROW		16	/* a frame's row; its box is 1 less */
#define	FL_CHARW	7	/* a character of a label, at most */
#define	FL_NARROW	1000	/* left out: narrower than 1/1000 */
#define	FL_WIDE		70000	/* a page this wide (1/100 px) has room */
					/* for the long captions */

/* A frame drawn: its node, its parent and name (to sort). */
typedef struct md_flvis {
	uint32_t	fv_node;
	uint32_t	fv_parent;
	const char	*fv_name;
	uint32_t	fv_len;
} md_flvis_t;

/* The drawing: the graph, what is drawn of it, where, and the text. */
typedef struct md_fldraw {
	md_flame_t	*fd_f;
	md_flvis_t	*fd_vis;	/* the frames drawn, but the root */
	size_t		fd_nvis;
	uint64_t	*fd_x;		/* a node's first event, across */
	uint32_t	*fd_depth;	/* its row, the root's 0 */
	uint32_t	fd_maxdepth;
	size_t		fd_left;	/* frames left out (narrow) */
	size_t		fd_nstacks;
	int64_t		fd_w;		/* the document, 1/100 pixel */
	int64_t		fd_h;
	md_buf_t	fd_out;
} md_fldraw_t;

/* c hundredths (of a pixel) as "12", "12.5" or "12.25", into b. */
static void
md_fl_putc(md_buf_t *b, int64_t c)
{
	char t[MD_FIXEDLEN];

	md_buf_append(b, t, md_number_fixed(t, c, 2));
}

/* v in decimal, into b. */
static void
md_fl_putu(md_buf_t *b, uint64_t v)
{
	char t[24];

	md_buf_append(b, t, md_number_uint(t, v));
}

/*
 * The unit of text at p (n bytes left): its bytes in *lenp, and what it
 * is shown as: NULL for itself, else the text to show.
 */
static const char *
md_fl_unit(const unsigned char *p, size_t n, size_t *lenp, char *hex)
{
	static const char *const ent[] = { "&amp;", "&lt;", "&gt;", "&quot;",
	    "&apos;" };
	const char *e;
	size_t k;

	*lenp = 1;
	if (*p != '\0' && (e = strchr("&<>\"'", *p)) != NULL)
		return (ent[e - "&<>\"'"]);
	k = md_utf8_len(p, n);
	if (k == 0 || *p < 0x20 || *p == 0x7f) {
		(void) snprintf(hex, 8, "\\x%02x", *p);
		return (hex);
	}
	*lenp = k;
	if (k == 3 && p[0] == 0xef && p[1] == 0xbf && p[2] >= 0xbe)
		return ("\xef\xbf\xbd");
	return (NULL);
}

/* The characters text (len bytes) is shown as. */
static size_t
md_fl_chars(const char *text, size_t len)
{
	const unsigned char *p = (const unsigned char *)text;
	size_t i = 0, n = 0, k;
	const char *s;
	char hex[8];

	while (i < len) {
		s = md_fl_unit(p + i, len - i, &k, hex);
		n += s == hex ? 4 : 1;
		i += k;
	}
	return (n);
}

/*
 * text (len bytes) into b for XML, its first max characters shown (all:
 * SIZE_MAX).
 */
static void
md_fl_xml(md_buf_t *b, const char *text, size_t len, size_t max)
{
	const unsigned char *p = (const unsigned char *)text;
	size_t i = 0, n = 0, k, w;
	const char *s;
	char hex[8];

	while (i < len) {
		s = md_fl_unit(p + i, len - i, &k, hex);
		w = s == hex ? 4 : 1;
		if (max - n < w)
			break;
		n += w;
		if (s == NULL)
			md_buf_append(b, text + i, k);
		else
			md_buf_puts(b, s);
		i += k;
	}
}

/* A node's name, and its length. */
static const char *
md_fl_name(const md_flame_t *f, size_t i, size_t *lenp)
{
	*lenp = f->fl_nodes[i].fn_len;
	return (f->fl_names.mb_data + f->fl_nodes[i].fn_name);
}

/* Events add up from each frame to its callers; the frames drawn. */
static int
md_fl_totals(md_fldraw_t *d)
{
	md_flame_t *f = d->fd_f;
	md_flnode_t *n = f->fl_nodes;
	uint64_t all = f->fl_total;
	size_t i, len;

	for (i = 0; i < f->fl_nnodes; i++)
		n[i].fn_total = n[i].fn_self;
	for (i = f->fl_nnodes - 1; i > 0; i--)
		n[n[i].fn_parent].fn_total += n[i].fn_total;
	if ((d->fd_vis = calloc(f->fl_nnodes, sizeof (*d->fd_vis))) == NULL ||
	    (d->fd_x = calloc(f->fl_nnodes, sizeof (*d->fd_x))) == NULL ||
	    (d->fd_depth = calloc(f->fl_nnodes, sizeof (uint32_t))) == NULL)
		return (-1);
	for (i = 1; i < f->fl_nnodes; i++) {
		d->fd_nstacks += n[i].fn_self > 0;
		if (n[i].fn_total == 0)
			continue;
		if (n[i].fn_total <= UINT64_MAX / FL_NARROW &&
		    n[i].fn_total * FL_NARROW < all) {
			d->fd_left++;
			continue;
		}
		d->fd_vis[d->fd_nvis].fv_node = (uint32_t)i;
		d->fd_vis[d->fd_nvis].fv_parent = n[i].fn_parent;
		d->fd_vis[d->fd_nvis].fv_name = md_fl_name(f, i, &len);
		d->fd_vis[d->fd_nvis++].fv_len = (uint32_t)len;
	}
	return (0);
}

/* By parent, then by name, byte by byte. */
static int
md_fl_cmpvis(const void *a, const void *b)
{
	const md_flvis_t *p = a, *q = b;
	size_t n = p->fv_len < q->fv_len ? p->fv_len : q->fv_len;
	int c;

	if (p->fv_parent != q->fv_parent)
		return (p->fv_parent < q->fv_parent ? -1 : 1);
	if (n > 0 && (c = memcmp(p->fv_name, q->fv_name, n)) != 0)
		return (c);
	return (p->fv_len < q->fv_len ? -1 : p->fv_len > q->fv_len);
}

/* Each frame drawn placed: its first event across, and its row. */
static int
md_fl_place(md_fldraw_t *d)
{
	const md_flnode_t *n = d->fd_f->fl_nodes;
	uint32_t parent = 0, node;
	uint64_t run = 0;
	size_t i;

	if (md_sort(d->fd_vis, d->fd_nvis, sizeof (*d->fd_vis),
	    md_fl_cmpvis) != 0)
		return (-1);
	for (i = 0; i < d->fd_nvis; i++) {
		node = d->fd_vis[i].fv_node;
		if (i == 0 || d->fd_vis[i].fv_parent != parent) {
			parent = d->fd_vis[i].fv_parent;
			run = d->fd_x[parent];
		}
		d->fd_x[node] = run;
		run += n[node].fn_total;
		d->fd_depth[node] = d->fd_depth[parent] + 1;
		if (d->fd_depth[node] > d->fd_maxdepth)
			d->fd_maxdepth = d->fd_depth[node];
	}
	return (0);
}

/* Where event x is across, 1/100 pixel. */
static int64_t
md_fl_x(const md_fldraw_t *d, uint64_t x)
{
	uint64_t all = d->fd_f->fl_total;
	double w = (double)(d->fd_w - 2 * FL_PAD * 100);

	if (all == 0)
		return (FL_PAD * 100 + (x > 0 ? (int64_t)w : 0));
	return (FL_PAD * 100 + (int64_t)((double)x / (double)all * w + 0.5));
}

/* A frame's colour, "rgb(R,G,B)", from its function's name. */
static void
md_fl_colour(const char *name, size_t len, int kernel, char *rgb)
{
	const char *q;
	uint32_t h = 2166136261U, a, b, c;
	size_t i;

	for (i = len; i > 0 && name[i - 1] != '`'; i--)
		continue;
	name += i;
	len -= i;
	if ((q = memchr(name, '+', len)) != NULL && q > name)
		len = (size_t)(q - name);
	for (i = 0; i < len; i++)
		h = (h ^ (unsigned char)name[i]) * 16777619U;
	h ^= h >> 13;
	a = h & 0xff;
	b = h >> 8 & 0xff;
	c = h >> 16 & 0xff;
	if (kernel)
		(void) snprintf(rgb, 24, "rgb(%u,%u,%u)", 225 + 25 * a / 255,
		    105 + 50 * b / 255, 140 + 40 * c / 255);
	else
		(void) snprintf(rgb, 24, "rgb(%u,%u,%u)", 205 + 50 * c / 255,
		    230 * a / 255, 55 * b / 255);
}

/* "N events, P% of all" for a frame of n events, into b. */
static void
md_fl_share(const md_fldraw_t *d, uint64_t n, md_buf_t *b)
{
	uint64_t all = d->fd_f->fl_total;
	char t[MD_FIXEDLEN];
	int64_t p = all == 0 ? 0 : (int64_t)((double)n / (double)all *
	    10000.0 + 0.5);

	md_fl_putu(b, n);
	md_buf_puts(b, n == 1 ? " event, " : " events, ");
	md_buf_append(b, t, md_number_fixed(t, p, 2));
	md_buf_puts(b, "% of all");
}

/* '<rect x=".." y=".." width=".." height=".." ' and what follows. */
static void
md_fl_rect(md_buf_t *o, int64_t x, int64_t y, int64_t w, int64_t h,
    const char *rest)
{
	md_buf_puts(o, "<rect x=\"");
	md_fl_putc(o, x);
	md_buf_puts(o, "\" y=\"");
	md_fl_putc(o, y);
	md_buf_puts(o, "\" width=\"");
	md_fl_putc(o, w);
	md_buf_puts(o, "\" height=\"");
	md_fl_putc(o, h);
	md_buf_puts(o, rest);
}

/* The label of a box w wide at (x, y): the name, cut, or none. */
static void
md_fl_label(md_buf_t *o, int64_t x, int64_t y, int64_t w, const char *name,
    size_t len)
{
	size_t fit = w < 600 ? 0 : (size_t)((w - 600) / (FL_CHARW * 100));
	size_t n = md_fl_chars(name, len);

	if (fit < 3 && n > fit)
		return;
	md_buf_puts(o, "<text x=\"");
	md_fl_putc(o, x + 300);
	md_buf_puts(o, "\" y=\"");
	md_fl_putc(o, y + 1100);
	md_buf_puts(o, "\">");
	md_fl_xml(o, name, len, n <= fit ? SIZE_MAX : fit - 2);
	if (n > fit)
		md_buf_puts(o, "..");
	md_buf_puts(o, "</text>");
}

/* Node i's box, its tooltip and label. */
static void
md_fl_box(md_fldraw_t *d, size_t i)
{
	const md_flnode_t *n = &d->fd_f->fl_nodes[i];
	md_buf_t *o = &d->fd_out;
	int64_t x = md_fl_x(d, d->fd_x[i]);
	int64_t w = md_fl_x(d, d->fd_x[i] + n->fn_total) - x;
	int64_t y = FL_TOP * 100 + (int64_t)(d->fd_maxdepth - d->fd_depth[i]) *
	    FL_ROW * 100;
	const char *name;
	char rgb[24];
	size_t len;

	name = md_fl_name(d->fd_f, i, &len);
	md_fl_colour(name, len, n->fn_flags & MD_FL_KERNEL, rgb);
	md_buf_puts(o, n->fn_flags & MD_FL_KERNEL ? "<g class=\"k\"><title>" :
	    "<g><title>");
	md_fl_xml(o, name, len, SIZE_MAX);
	md_buf_puts(o, " (");
	md_fl_share(d, n->fn_total, o);
	md_buf_puts(o, ")</title>");
	md_fl_rect(o, x, y, w >= 300 ? w - 100 : w, (FL_ROW - 1) * 100,
	    "\" rx=\"2\" fill=\"");
	md_buf_puts(o, rgb);
	md_buf_puts(o, "\"/>");
	md_fl_label(o, x, y, w - 100, name, len);
	md_buf_puts(o, "</g>\n");
}

/* The document's head: its size, title, style and background. */
static void
md_fl_head(md_fldraw_t *d, const char *title)
{
	md_buf_t *o = &d->fd_out;

	md_buf_puts(o, "<?xml version=\"1.0\" encoding=\"UTF-8\" "
	    "standalone=\"no\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" "
	    "version=\"1.1\" width=\"");
	md_fl_putc(o, d->fd_w);
	md_buf_puts(o, "\" height=\"");
	md_fl_putc(o, d->fd_h);
	md_buf_puts(o, "\" viewBox=\"0 0 ");
	md_fl_putc(o, d->fd_w);
	md_buf_putc(o, ' ');
	md_fl_putc(o, d->fd_h);
	md_buf_puts(o, "\" font-family=\"Verdana, Helvetica, Arial, "
	    "sans-serif\" font-size=\"12\">\n");
	if (title != NULL) {
		md_buf_puts(o, "<title>");
		md_fl_xml(o, title, strlen(title), SIZE_MAX);
		md_buf_puts(o, "</title>\n");
	}
	md_buf_puts(o, "<desc>A flame graph made by meta-d --flamegraph: "
	    "the root at the bottom, each frame as wide as the events under "
	    "it, its callees above it.</desc>\n<style>#md-frames g:hover > "
	    "rect { stroke: #000000; stroke-width: 0.5 } #md-frames text { "
	    "font-family: \"DejaVu Sans Mono\", Menlo, Consolas, monospace; "
	    "font-size: 11px }</style>\n<defs><linearGradient id=\"md-bg\" "
	    "x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\"><stop offset=\"0.05\" "
	    "stop-color=\"#eeeeee\"/><stop offset=\"0.95\" "
	    "stop-color=\"#eeeeb0\"/></linearGradient></defs>\n");
	md_fl_rect(o, 0, 0, d->fd_w, d->fd_h, "\" fill=\"url(#md-bg)\"/>\n");
}

/*
 * '<text x=".." y=".."' and attrs, then text (len bytes, XML; SIZE_MAX:
 * to its NUL) and the end.
 */
static void
md_fl_text(md_buf_t *o, int64_t x, int64_t y, const char *attrs,
    const char *text, size_t len)
{
	md_buf_puts(o, "<text x=\"");
	md_fl_putc(o, x);
	md_buf_puts(o, "\" y=\"");
	md_fl_putc(o, y);
	md_buf_putc(o, '"');
	md_buf_puts(o, attrs);
	md_buf_putc(o, '>');
	md_fl_xml(o, text, len == SIZE_MAX ? strlen(text) : len, SIZE_MAX);
	md_buf_puts(o, "</text>\n");
}

/* What is drawn under the title: events, stacks, lines, frames left. */
static void
md_fl_summary(md_fldraw_t *d)
{
	md_buf_t *o = &d->fd_out;

	md_buf_puts(o, "<text x=\"");
	md_fl_putc(o, d->fd_w / 2);
	md_buf_puts(o, "\" y=\"46\" text-anchor=\"middle\" "
	    "fill=\"#555555\">");
	md_fl_putu(o, d->fd_f->fl_total);
	md_buf_puts(o, d->fd_f->fl_total == 1 ? " event in " : " events in ");
	md_fl_putu(o, (uint64_t)d->fd_nstacks);
	md_buf_puts(o, d->fd_nstacks == 1 ? " stack" : " stacks");
	if (d->fd_w >= FL_WIDE) {
		md_buf_puts(o, ", ");
		md_fl_putu(o, (uint64_t)d->fd_f->fl_lineno);
		md_buf_puts(o, d->fd_f->fl_lineno == 1 ? " line" : " lines");
	}
	if (d->fd_left > 0) {
		md_buf_puts(o, "; ");
		md_fl_putu(o, (uint64_t)d->fd_left);
		md_buf_puts(o, d->fd_w < FL_WIDE ? " left out" :
		    d->fd_left == 1 ? " frame narrower than 0.1% of the width "
		    "left out" : " frames narrower than 0.1% of the width left "
		    "out");
	}
	md_buf_puts(o, "</text>\n");
}

/* The title, what is drawn under it, and the legend at the bottom. */
static void
md_fl_captions(md_fldraw_t *d, const char *title)
{
	md_buf_t *o = &d->fd_out;
	int64_t y = d->fd_h - 1300;

	if (title != NULL)
		md_fl_text(o, d->fd_w / 2, 2600, " text-anchor=\"middle\" "
		    "font-size=\"17\"", title, strlen(title));
	md_fl_summary(d);
	md_fl_rect(o, FL_PAD * 100, y - 1000, 1200, 1200, "\" rx=\"2\" "
	    "fill=\"rgb(240,110,20)\"/>\n");
	md_fl_text(o, FL_PAD * 100 + 1700, y, "", "a program's frame",
	    SIZE_MAX);
	md_fl_rect(o, FL_PAD * 100 + 15000, y - 1000, 1200, 1200, "\" "
	    "rx=\"2\" fill=\"rgb(237,130,160)\"/>\n");
	md_fl_text(o, FL_PAD * 100 + 16700, y, "", d->fd_w < FL_WIDE ?
	    "the kernel's" : "the kernel's (vmlinux, unix, genunix, kernel, "
	    "and what they call)", SIZE_MAX);
	if (d->fd_w >= FL_WIDE + 30000)
		md_fl_text(o, d->fd_w - FL_PAD * 100, y, " text-anchor=\"end\" "
		    "fill=\"#555555\"", "width: events; colour: the function",
		    SIZE_MAX);
}

/* The frames drawn, the root first, then by parent and name. */
static void
md_fl_frames(md_fldraw_t *d)
{
	size_t i;

	md_buf_puts(&d->fd_out, "<g id=\"md-frames\">\n");
	md_fl_box(d, 0);
	for (i = 0; i < d->fd_nvis; i++)
		md_fl_box(d, d->fd_vis[i].fv_node);
	md_buf_puts(&d->fd_out, "</g>\n");
}

char *
md_fl_draw(md_flame_t *f, const md_flameopts_t *opts, size_t *lenp,
    md_error_t *err)
{
	const char *title = opts == NULL ? NULL : opts->mdf_title;
	unsigned w = opts == NULL || opts->mdf_width == 0 ? MD_FLAME_WIDTH :
	    opts->mdf_width;
	md_fldraw_t d;
	char *svg = NULL;
	size_t len = 0;

	(void) memset(&d, 0, sizeof (d));
	d.fd_f = f;
	md_buf_init(&d.fd_out);
	d.fd_out.mb_limit = MD_MAXOUTPUT;
	if (md_fl_totals(&d) != 0 || md_fl_place(&d) != 0) {
		(void) md_error_nomem(err);
	} else {
		d.fd_w = (int64_t)w * 100;
		d.fd_h = (FL_TOP + FL_BOTTOM + (int64_t)(d.fd_maxdepth + 1) *
		    FL_ROW) * 100;
		md_fl_head(&d, title);
		md_fl_captions(&d, title);
		md_fl_frames(&d);
		md_buf_puts(&d.fd_out, "</svg>\n");
		if (md_buf_failed(&d.fd_out) == MD_BUF_TOOBIG)
			(void) md_error_set(err, MD_ERR_LIMIT, "the flame graph "
			    "would be larger than the limit of %lu MiB",
			    MD_MAXOUTPUT >> 20);
		else if ((svg = md_buf_claim(&d.fd_out, &len)) == NULL)
			(void) md_error_nomem(err);
	}
	free(d.fd_vis);
	free(d.fd_x);
	free(d.fd_depth);
	md_buf_fini(&d.fd_out);
	if (svg != NULL && lenp != NULL)
		*lenp = len;
	return (svg);
}
