/*
 * md_topview.c: meta-d --top's view of an interval (SPEC 8.5), as text
 * for a terminal of a given size: a header, then by the request's shape
 *
 *  - numbers (no -n): a row per key, largest first: the key(s), the
 *    value, its rate a second and share of the interval (for avg and
 *    stddev, of the events), and a sparkline of its last intervals;
 *  - a distribution (-n alone): the histogram as dtrace prints it, the
 *    values in the field's unit, leading and trailing empty buckets
 *    trimmed, the bar scaled to the largest row; where the buckets do
 *    not all fit, consecutive ones share a row (llquantize's, a power of
 *    its factor each first), so that the whole range shows; then the
 *    count and the p50, p90, p99 and max (each the bucket it falls in);
 *  - distributions by key (-s and -n): a row per key, by its count: the
 *    count, p50, p99, max, and a line of its buckets (dtrace's aggpack),
 *    over the buckets of all the rows shown, so that they line up.
 *
 * Every line fits the width: cells are cut (a key's end shown as an
 * ellipsis) and padded to their columns, and a line stops at the width;
 * the lines stop at the height, the last one saying how many rows did not
 * fit.  Columns are counted as a terminal does (a wide character takes
 * two, a combining one none).  Whatever came from outside (keys, the
 * title, the field names and the unit) is made safe for the terminal
 * first: a control character (C0, DEL, C1) and a byte that is no UTF-8
 * are written as \xHH, and so is every byte not ASCII where the terminal
 * is not UTF-8.  A key is already in its form (md_key.c: a backslash is
 * two), so that no two keys show alike.
 */

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "md_impl.h"

#define	MD_TV_VALW	10	/* numbers: value, rate, share */
#define	MD_TV_RATEW	10
#define	MD_TV_SHAREW	6
#define	MD_TV_CNTW	8	/* distributions by key: count, p's */
#define	MD_TV_PW	9
#define	MD_TV_LABELW	16	/* the histogram's values, as dtrace's */
#define	MD_TV_MINKEY	10	/* a key column, at least, if it can */
#define	MD_TV_NUMLEN	64	/* a number, in its unit */

typedef struct md_tview {
	const md_top_t	*tv_t;
	md_buf_t	tv_b;		/* the view */
	md_buf_t	tv_s;		/* a cell's text, made safe */
	size_t		tv_width;
	size_t		tv_height;	/* 0: any */
	size_t		tv_col;		/* of the line being written */
	size_t		tv_lines;	/* ended */
	int		tv_utf8;
} md_tview_t;

/* The columns code point cp takes in a terminal: 0, 1 or 2. */
static size_t
md_tv_cpwidth(unsigned long cp)
{
	if ((cp >= 0x300 && cp <= 0x36f) || (cp >= 0x200b && cp <= 0x200f) ||
	    (cp >= 0xfe00 && cp <= 0xfe0f))
		return (0);
	if ((cp >= 0x1100 && cp <= 0x115f) || (cp >= 0x2e80 && cp <= 0xa4cf) ||
	    (cp >= 0xac00 && cp <= 0xd7a3) || (cp >= 0xf900 && cp <= 0xfaff) ||
	    (cp >= 0xfe30 && cp <= 0xfe4f) || (cp >= 0xff00 && cp <= 0xff60) ||
	    (cp >= 0xffe0 && cp <= 0xffe6) || (cp >= 0x1f300 &&
	    cp <= 0x1faff) || (cp >= 0x20000 && cp <= 0x3fffd))
		return (2);
	return (1);
}

/* The code point of the n-byte UTF-8 sequence at p. */
static unsigned long
md_tv_cp(const unsigned char *p, size_t n)
{
	static const unsigned char lead[] = { 0, 0x7f, 0x1f, 0x0f, 0x07 };
	unsigned long cp = p[0] & lead[n];
	size_t i;

	for (i = 1; i < n; i++)
		cp = (cp << 6) | (p[i] & 0x3f);
	return (cp);
}

/*
 * len bytes of s made safe for the terminal, into tv_s (emptied first):
 * returns the columns it takes.
 */
static size_t
md_tv_safe(md_tview_t *tv, const char *s, size_t len)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, n, j, cols = 0;
	unsigned long cp;
	char esc[4] = { '\\', 'x', 0, 0 };

	md_buf_reset(&tv->tv_s);
	while (i < len) {
		n = md_utf8_len(u + i, len - i);
		cp = n == 0 ? 0 : md_tv_cp(u + i, n);
		if (n == 0 || cp < 0x20 || cp == 0x7f || (cp >= 0x80 &&
		    cp < 0xa0) || (!tv->tv_utf8 && cp >= 0x80)) {
			for (j = 0; j < (n == 0 ? 1 : n); j++) {
				esc[2] = hex[u[i + j] >> 4];
				esc[3] = hex[u[i + j] & 0xf];
				md_buf_append(&tv->tv_s, esc, 4);
				cols += 4;
			}
			i += n == 0 ? 1 : n;
			continue;
		}
		md_buf_append(&tv->tv_s, s + i, n);
		cols += md_tv_cpwidth(cp);
		i += n;
	}
	return (cols);
}

/*
 * len bytes of safe text (tv_s's, or the view's own) onto the line, up to
 * cols columns of it and never past the width.
 */
static void
md_tv_put(md_tview_t *tv, const char *s, size_t len, size_t cols)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, n, w, done = 0;

	while (i < len) {
		n = md_utf8_len(u + i, len - i);
		n = n == 0 ? 1 : n;
		w = u[i] < 0x80 ? 1 : md_tv_cpwidth(md_tv_cp(u + i, n));
		if (done + w > cols || tv->tv_col + w > tv->tv_width)
			break;
		md_buf_append(&tv->tv_b, s + i, n);
		done += w;
		tv->tv_col += w;
		i += n;
	}
}

/* n spaces (within the width). */
static void
md_tv_pad(md_tview_t *tv, size_t n)
{
	while (n-- > 0 && tv->tv_col < tv->tv_width) {
		md_buf_putc(&tv->tv_b, ' ');
		tv->tv_col++;
	}
}

/* Literal text of ours (ASCII, or the glyphs) onto the line. */
static void
md_tv_lit(md_tview_t *tv, const char *s)
{
	md_tv_put(tv, s, strlen(s), SIZE_MAX);
}

/*
 * A cell: len bytes of s, made safe, in w columns (0: as wide as it is),
 * right-aligned or not; cut, where it is wider, with an ellipsis.
 */
static void
md_tv_cell(md_tview_t *tv, const char *s, size_t len, size_t w, int right)
{
	size_t cols = md_tv_safe(tv, s, len);

	if (w == 0)
		w = cols;
	if (cols > w) {
		md_tv_put(tv, tv->tv_s.mb_data, tv->tv_s.mb_len, w - 1);
		md_tv_lit(tv, tv->tv_utf8 ? "\xe2\x80\xa6" : "~");
		return;
	}
	if (right)
		md_tv_pad(tv, w - cols);
	md_tv_put(tv, tv->tv_s.mb_data, tv->tv_s.mb_len, cols);
	if (!right)
		md_tv_pad(tv, w - cols);
}

static void
md_tv_str(md_tview_t *tv, const char *s, size_t w, int right)
{
	md_tv_cell(tv, s, strlen(s), w, right);
}

/*
 * A number in a column w wide, right-aligned, never cut (a number cut
 * would lie): where its digits do not fit, they are written with an SI
 * prefix, three digits at most (19000000 as 19M), and where even that
 * does not fit, whole, past the column.
 */
static void
md_tv_numcell(md_tview_t *tv, char *num, size_t w)
{
	static const char si[] = "kMGTPE";
	size_t at = strcspn(num, "0123456789"), n, i = 0;
	char digits[MD_TV_NUMLEN];
	double x;

	n = strspn(num + at, "0123456789");
	if (strlen(num) > w && n > 3 && num[at + n] == '\0') {
		x = strtod(num + at, NULL);
		while (x >= 999.5 && i < sizeof (si) - 1) {
			x /= 1000;
			i++;
		}
		(void) md_unit_format(digits, sizeof (digits), NULL, x);
		(void) snprintf(num + at, MD_TV_NUMLEN - at, "%.40s%c", digits,
		    si[i - 1]);
	}
	md_tv_str(tv, num, strlen(num) > w ? 0 : w, 1);
}

/* The line ended. */
static void
md_tv_nl(md_tview_t *tv)
{
	md_buf_putc(&tv->tv_b, '\n');
	tv->tv_col = 0;
	tv->tv_lines++;
}

/* Lines left for rows; SIZE_MAX: any. */
static size_t
md_tv_room(const md_tview_t *tv)
{
	if (tv->tv_height == 0)
		return (SIZE_MAX);
	return (tv->tv_lines < tv->tv_height ? tv->tv_height - tv->tv_lines :
	    0);
}

/* Level (0 to 7) as a glyph: U+2581 to U+2588, or _.-=# in ASCII. */
static void
md_tv_glyph(md_tview_t *tv, unsigned level)
{
	static const char ascii[] = "_.-=#";
	char g[4] = { '\xe2', '\x96', 0, 0 };

	if (level > 7)
		level = 7;
	if (tv->tv_utf8) {
		g[2] = (char)(0x81 + level);
		md_tv_lit(tv, g);
	} else {
		g[0] = ascii[(level * 4 + 6) / 7];
		g[1] = '\0';
		md_tv_lit(tv, g);
	}
}

/* v of a scale to max as a level: 0 for nothing, else 1 to 7. */
static unsigned
md_tv_level(double v, double max)
{
	if (!(v > 0) || !(max > 0))
		return (0);
	return (1 + (unsigned)floor(v / max * 6.999));
}

/*
 * A quantity in the view's unit (a time, bytes), else a number: n
 * exactly where it is one (exact), else v to 3 digits.
 */
static void
md_tv_num(const md_top_t *t, char *buf, double v, int exact, int64_t n)
{
	const char *unit = md_unit_kind(t->to_unit, NULL) == MD_UNIT_PLAIN ?
	    NULL : t->to_unit;

	if (unit == NULL && exact)
		(void) snprintf(buf, MD_TV_NUMLEN, "%" PRId64, n);
	else
		(void) md_unit_format(buf, MD_TV_NUMLEN, unit, v);
}

/*
 * The header: the title, the interval's local time and length, its
 * events and their rate (or, for sum, the total; min and max, the keys),
 * the keys, the drops and errors.
 */
static void
md_tv_header(md_tview_t *tv)
{
	const md_top_t *t = tv->tv_t;
	char num[MD_TV_NUMLEN], rate[MD_TV_NUMLEN], text[3 * MD_TV_NUMLEN];
	time_t when = (time_t)t->to_start;
	struct tm tm;

	md_tv_str(tv, t->to_title, 0, 0);
	if (t->to_iv == 0) {
		md_tv_lit(tv, "  (tracing: the first interval is on its way)");
		md_tv_nl(tv);
		return;
	}
	if (localtime_r(&when, &tm) != NULL &&
	    strftime(text, sizeof (text), "  %H:%M:%S", &tm) > 0)
		md_tv_lit(tv, text);
	(void) md_unit_format(num, sizeof (num), "seconds", t->to_dur);
	(void) snprintf(text, sizeof (text), "  %s", num);
	md_tv_lit(tv, text);
	if (!isnan(t->to_events)) {
		(void) md_unit_format(rate, sizeof (rate), NULL, t->to_dur > 0 ?
		    t->to_events / t->to_dur : 0);
		(void) snprintf(text, sizeof (text), "  %.0f events  %s/s",
		    t->to_events, rate);
		md_tv_lit(tv, text);
	} else if (t->to_fn == MD_AGG_SUM) {
		md_tv_num(t, num, t->to_total, 1, (int64_t)t->to_total);
		md_tv_num(t, rate, t->to_dur > 0 ? t->to_total / t->to_dur :
		    0, 0, 0);
		(void) snprintf(text, sizeof (text), "  sum %s  %s/s", num,
		    rate);
		md_tv_str(tv, text, 0, 0);
	}
	if (t->to_nkeys > 0) {
		(void) snprintf(text, sizeof (text), "  %zu key%s",
		    t->to_nrows, t->to_nrows == 1 ? "" : "s");
		md_tv_lit(tv, text);
	}
	if (t->to_drops > 0) {
		(void) snprintf(text, sizeof (text), "  drops %" PRIu64,
		    t->to_drops);
		md_tv_lit(tv, text);
	}
	if (t->to_errors > 0) {
		(void) snprintf(text, sizeof (text), "  errors %" PRIu64,
		    t->to_errors);
		md_tv_lit(tv, text);
	}
	md_tv_nl(tv);
}

/* Keys (or their headings) in w columns: one, or two side by side. */
static void
md_tv_keys(md_tview_t *tv, const char *const *keys, const size_t *lens,
    size_t w)
{
	size_t w0;

	switch (tv->tv_t->to_nkeys) {
	case 0:
		md_tv_str(tv, lens == NULL ? "" : "(all)", w, 0);
		return;
	case 1:
		md_tv_cell(tv, keys[0], lens != NULL ? lens[0] :
		    strlen(keys[0]), w, 0);
		return;
	default:
		w0 = w > 1 ? (w - 1) / 2 : 1;
		md_tv_cell(tv, keys[0], lens != NULL ? lens[0] :
		    strlen(keys[0]), w0, 0);
		md_tv_pad(tv, 1);
		md_tv_cell(tv, keys[1], lens != NULL ? lens[1] :
		    strlen(keys[1]), w > w0 + 1 ? w - w0 - 1 : 1, 0);
	}
}

/* What does not fit: the rows (of n) that fit, with the line saying so. */
static size_t
md_tv_fit(const md_tview_t *tv, size_t n, size_t reserve)
{
	size_t room = md_tv_room(tv);

	room = room > reserve ? room - reserve : 0;
	if (n <= room)
		return (n);
	return (room > 0 ? room - 1 : 0);
}

static void
md_tv_more(md_tview_t *tv, size_t shown, size_t n, const char *what)
{
	char text[MD_TV_NUMLEN];

	if (shown >= n || md_tv_room(tv) == 0)
		return;
	(void) snprintf(text, sizeof (text), "... %zu more %s", n - shown,
	    what);
	md_tv_lit(tv, text);
	md_tv_nl(tv);
}

/* Key k's sparkline: its last n intervals, each to the largest. */
static void
md_tv_spark(md_tview_t *tv, const md_tkey_t *k, size_t n)
{
	uint64_t iv = tv->tv_t->to_iv, i;
	double max = 0, v;

	for (i = iv - n + 1; i <= iv && n > 0; i++) {
		v = k->tk_hist[i % MD_TOP_NHIST];
		max = v > max ? v : max;
	}
	for (i = iv - n + 1; i <= iv && n > 0; i++)
		md_tv_glyph(tv, md_tv_level(k->tk_hist[i % MD_TOP_NHIST], max));
}

/* A row of numbers: keys, value, rate, share, sparkline. */
static void
md_tv_numrow(md_tview_t *tv, const md_tkey_t *k, size_t kw, size_t sw)
{
	const md_top_t *t = tv->tv_t;
	char num[MD_TV_NUMLEN];
	double part = k->tk_v, all = t->to_total;
	int isnum = t->to_fn != MD_AGG_AVG && t->to_fn != MD_AGG_STDDEV;

	md_tv_keys(tv, k->tk_keys, k->tk_lens, kw);
	md_tv_pad(tv, 1);
	md_tv_num(t, num, k->tk_v, isnum, k->tk_w[0]);
	md_tv_numcell(tv, num, MD_TV_VALW);
	md_tv_pad(tv, 1);
	if (!isnum) {
		part = k->tk_events;
		all = t->to_events;
	}
	if (t->to_fn == MD_AGG_MIN || t->to_fn == MD_AGG_MAX) {
		md_tv_str(tv, "-", MD_TV_RATEW, 1);
		md_tv_pad(tv, 1);
		md_tv_str(tv, "-", MD_TV_SHAREW, 1);
	} else {
		if (isnum && t->to_fn != MD_AGG_COUNT)
			md_tv_num(t, num, t->to_dur > 0 ? part / t->to_dur :
			    0, 0, 0);
		else
			(void) md_unit_format(num, sizeof (num), NULL,
			    t->to_dur > 0 ? part / t->to_dur : 0);
		md_tv_numcell(tv, num, MD_TV_RATEW);
		md_tv_pad(tv, 1);
		(void) snprintf(num, sizeof (num), "%.1f%%", all > 0 ?
		    100.0 * part / all : 0.0);
		md_tv_str(tv, num, MD_TV_SHAREW, 1);
	}
	md_tv_pad(tv, 2);
	md_tv_spark(tv, k, sw);
	md_tv_nl(tv);
}

/* The function's name, as the value's heading. */
static const char *
md_tv_fname(md_aggfn_t fn)
{
	static const char *const names[] = { "", "count", "sum", "avg",
	    "stddev", "min", "max", "quantize", "lquantize", "llquantize" };

	return ((size_t)fn < sizeof (names) / sizeof (names[0]) ?
	    names[fn] : "value");
}

/* Numbers: a heading, then a row per key, largest first. */
static void
md_tv_numbers(md_tview_t *tv)
{
	const md_top_t *t = tv->tv_t;
	size_t fixed = 1 + MD_TV_VALW + 1 + MD_TV_RATEW + 1 + MD_TV_SHAREW + 2;
	size_t sw = MD_TOP_NHIST, kw, i, shown;
	size_t mink = t->to_nkeys > 1 ? 2 * MD_TV_MINKEY + 1 : MD_TV_MINKEY;
	char text[MD_TV_NUMLEN];

	kw = tv->tv_width > fixed + sw ? tv->tv_width - fixed - sw : 0;
	if (kw < mink) {	/* the sparkline gives way */
		sw = sw > mink - kw ? sw - (mink - kw) : 0;
		kw = tv->tv_width > fixed + sw ? tv->tv_width - fixed - sw : 1;
	}
	sw = t->to_iv < sw ? (size_t)t->to_iv : sw;	/* its intervals */
	if (md_tv_room(tv) == 0)
		return;
	md_tv_keys(tv, (const char *const *)t->to_fields, NULL, kw);
	md_tv_pad(tv, 1);
	md_tv_str(tv, md_tv_fname(t->to_fn), MD_TV_VALW, 1);
	md_tv_pad(tv, 1);
	md_tv_str(tv, "rate/s", MD_TV_RATEW, 1);
	md_tv_pad(tv, 1);
	md_tv_str(tv, "share", MD_TV_SHAREW, 1);
	md_tv_pad(tv, 2);
	(void) snprintf(text, sizeof (text), "last %zu", sw);
	md_tv_str(tv, sw > 0 ? text : "", 0, 0);
	md_tv_nl(tv);
	shown = md_tv_fit(tv, t->to_nrows, 0);
	for (i = 0; i < shown; i++)
		md_tv_numrow(tv, t->to_rows[i], kw, sw);
	md_tv_more(tv, shown, t->to_nrows, "keys");
}

/*
 * Bucket i as its row is labelled: its least value in the unit, "< MAX+1"
 * for an underflow (and Oracle's llquantize row of |v| < factor^low),
 * ">= MIN" for an overflow.
 */
static void
md_tv_blabel(const md_top_t *t, char *buf, size_t i)
{
	char num[MD_TV_NUMLEN];
	md_bucket_t bk;

	buf[0] = '\0';
	if (md_quant_bucket(&t->to_quant, i, &bk) != 0)
		return;
	if ((bk.mb_open & MD_BUCKET_NOMIN) || (bk.mb_min < 0 &&
	    bk.mb_min == -bk.mb_max)) {	/* Oracle's llquantize: |v| < */
		md_tv_num(t, num, (double)bk.mb_max + 1, 1, bk.mb_max + 1);
		(void) snprintf(buf, MD_TV_NUMLEN, "< %.59s", num);
	} else if (bk.mb_open & MD_BUCKET_NOMAX) {
		md_tv_num(t, num, (double)bk.mb_min, 1, bk.mb_min);
		(void) snprintf(buf, MD_TV_NUMLEN, ">= %.59s", num);
	} else {
		md_tv_num(t, buf, (double)bk.mb_min, 1, bk.mb_min);
	}
}

/* The bucket where p percent of the events (total) are reached. */
static size_t
md_tv_pct(const md_top_t *t, const int64_t *b, double total, double p)
{
	double need = ceil(total * p / 100.0), sum = 0;
	size_t i, last = 0;

	for (i = 0; i < t->to_nb; i++) {
		if (b[i] == 0)
			continue;
		sum += (double)b[i];
		last = i;
		if (sum >= need)
			break;
	}
	return (last);
}

/* The first and last buckets of b that are not empty: 0, or -1: none. */
static int
md_tv_span(const md_top_t *t, const int64_t *b, size_t *lop, size_t *hip)
{
	size_t i;
	int any = 0;

	for (i = 0; i < t->to_nb; i++) {
		if (b[i] == 0)
			continue;
		if (!any || i < *lop)
			*lop = i;
		if (!any || i > *hip)
			*hip = i;
		any = 1;
	}
	return (any ? 0 : -1);
}

/* The histogram's heading: dtrace's, the bar bw wide. */
static void
md_tv_histhead(md_tview_t *tv, size_t bw)
{
	static const char title[] = " Distribution ";
	size_t n = sizeof (title) - 1, left = bw > n ? (bw - n) / 2 : 0, i;

	md_tv_str(tv, "value", MD_TV_LABELW, 1);
	md_tv_pad(tv, 2);
	for (i = 0; i < left; i++)
		md_tv_lit(tv, "-");
	md_tv_lit(tv, title);
	for (i = left + n; i < bw; i++)
		md_tv_lit(tv, "-");
	md_tv_lit(tv, " count");
	md_tv_nl(tv);
}

/* A row of the histogram: bucket i, count c, of the largest max. */
static void
md_tv_histrow(md_tview_t *tv, size_t i, int64_t c, int64_t max, size_t bw)
{
	char num[MD_TV_NUMLEN];
	size_t n = max > 0 ? (size_t)floor((double)c / (double)max *
	    (double)bw + 0.5) : 0, j;

	md_tv_blabel(tv->tv_t, num, i);
	md_tv_numcell(tv, num, MD_TV_LABELW);
	md_tv_lit(tv, " |");
	for (j = 0; j < bw; j++)
		md_tv_lit(tv, j < n ? "@" : " ");
	(void) snprintf(num, sizeof (num), " %" PRId64, c);
	md_tv_lit(tv, num);
	md_tv_nl(tv);
}

/* Under the histogram: the count, p50, p90, p99 and max. */
static void
md_tv_histsum(md_tview_t *tv, const md_tkey_t *k, size_t hi)
{
	static const double p[] = { 50, 90, 99 };
	const md_top_t *t = tv->tv_t;
	char text[MD_TV_NUMLEN], num[MD_TV_NUMLEN];
	size_t i;

	(void) snprintf(text, sizeof (text), "count %.0f", k->tk_v);
	md_tv_lit(tv, text);
	for (i = 0; i < sizeof (p) / sizeof (p[0]); i++) {
		md_tv_blabel(t, num, md_tv_pct(t, k->tk_b, k->tk_v, p[i]));
		(void) snprintf(text, sizeof (text), "  p%.0f ", p[i]);
		md_tv_lit(tv, text);
		md_tv_str(tv, num, 0, 0);
	}
	md_tv_blabel(t, num, hi);
	md_tv_lit(tv, "  max ");
	md_tv_str(tv, num, 0, 0);
	md_tv_nl(tv);
}

/*
 * When a distribution's buckets do not all fit the terminal, consecutive
 * buckets share a row, so that the whole range shows and never its tail
 * is cut (where the slow calls are): for llquantize a row a power of its
 * factor first (rows that start at round values: 1 us, 10 us, 100 us),
 * then g of those, or g buckets, to a row.  md_tv_rowkey() is the key of
 * the row of bucket i, the j-th that can hold a value; a row is a run of
 * one key, labelled by its first bucket.
 */
static uint64_t
md_tv_rowkey(const md_top_t *t, size_t i, size_t j, size_t g, int powers)
{
	md_bucket_t bk;
	uint64_t m = 0, v, f = t->to_quant.mq_factor;

	if (!powers)
		return (j / g);
	if (md_quant_bucket(&t->to_quant, i, &bk) == 0 && bk.mb_min > 0 &&
	    !(bk.mb_open & MD_BUCKET_NOMIN) && f > 1) {
		for (v = (uint64_t)bk.mb_min, m = 1; v >= f; v /= f)
			m++;
	}
	return (m / g);
}

/* The rows buckets lo to hi take, g to a row (md_tv_rowkey()). */
static size_t
md_tv_rows(const md_top_t *t, size_t lo, size_t hi, size_t g, int powers)
{
	md_bucket_t bk;
	uint64_t key, last = 0;
	size_t i, j = 0, n = 0;

	for (i = lo; i <= hi; i++) {
		if (md_quant_bucket(&t->to_quant, i, &bk) != 0)
			continue;
		key = md_tv_rowkey(t, i, j++, g, powers);
		if (n == 0 || key != last)
			n++;
		last = key;
	}
	return (n);
}

/*
 * The histogram's rows, g to a row (1: a bucket each), each a row of
 * dtrace's histogram, the bar scaled to the fullest row.
 */
static void
md_tv_histrows(md_tview_t *tv, const md_tkey_t *k, size_t lo, size_t hi,
    size_t g, int powers, size_t bw)
{
	const md_top_t *t = tv->tv_t;
	md_bucket_t bk;
	uint64_t key, last = 0;
	int64_t max = 0, c;
	size_t i, j, first = lo, pass;
	int have;

	for (pass = 0; pass < 2; pass++) {
		for (i = lo, j = 0, c = 0, have = 0; i <= hi; i++) {
			if (md_quant_bucket(&t->to_quant, i, &bk) != 0)
				continue;
			key = md_tv_rowkey(t, i, j++, g, powers);
			if (have && key != last) {	/* the row before */
				if (pass == 0)
					max = c > max ? c : max;
				else
					md_tv_histrow(tv, first, c, max, bw);
				c = 0;
				have = 0;
			}
			if (!have)
				first = i;
			have = 1;
			c += k->tk_b[i];
			last = key;
		}
		if (pass == 0)
			max = c > max ? c : max;
		else if (have)
			md_tv_histrow(tv, first, c, max, bw);
	}
}

/* A distribution alone: dtrace's histogram, then its percentiles. */
static void
md_tv_hist(md_tview_t *tv)
{
	const md_top_t *t = tv->tv_t;
	const md_tkey_t *k = t->to_nrows > 0 ? t->to_rows[0] : NULL;
	size_t bw = tv->tv_width > 50 ? tv->tv_width - 40 : 10, lo = 0, hi = 0;
	size_t room, g = 1;
	int powers = 0;

	if (k == NULL || md_tv_span(t, k->tk_b, &lo, &hi) != 0) {
		md_tv_lit(tv, "no events");
		md_tv_nl(tv);
		return;
	}
	bw = bw > 100 ? 100 : bw;
	if ((room = md_tv_room(tv)) < 3)
		return;
	room -= 2;			/* the heading, the percentiles */
	if (md_tv_rows(t, lo, hi, 1, 0) > room) {
		powers = t->to_quant.mq_fn == MD_AGG_LLQUANTIZE;
		while (md_tv_rows(t, lo, hi, g, powers) > room)
			g++;
	}
	md_tv_histhead(tv, bw);
	md_tv_histrows(tv, k, lo, hi, g, powers, bw);
	md_tv_histsum(tv, k, hi);
}

/*
 * Key k's buckets lo to hi in dw characters, g buckets each, each scaled
 * to the fullest: blank for none, else a glyph (dtrace's aggpack).
 */
static void
md_tv_density(md_tview_t *tv, const md_tkey_t *k, size_t lo, size_t hi,
    size_t g)
{
	double max = 0, c;
	size_t i, j;

	for (i = lo; i <= hi; i += g) {
		for (c = 0, j = i; j < i + g && j <= hi; j++)
			c += (double)k->tk_b[j];
		max = c > max ? c : max;
	}
	for (i = lo; i <= hi; i += g) {
		for (c = 0, j = i; j < i + g && j <= hi; j++)
			c += (double)k->tk_b[j];
		if (c > 0)
			md_tv_glyph(tv, md_tv_level(c, max));
		else
			md_tv_lit(tv, " ");
	}
}

/* A row of distributions by key: count, p50, p99, max, density. */
static void
md_tv_keyrow(md_tview_t *tv, const md_tkey_t *k, size_t kw, size_t lo,
    size_t hi, size_t g)
{
	const md_top_t *t = tv->tv_t;
	char num[MD_TV_NUMLEN];
	size_t a = 0, b = 0;

	md_tv_keys(tv, k->tk_keys, k->tk_lens, kw);
	(void) snprintf(num, sizeof (num), "%.0f", k->tk_v);
	md_tv_pad(tv, 1);
	md_tv_numcell(tv, num, MD_TV_CNTW);
	md_tv_blabel(t, num, md_tv_pct(t, k->tk_b, k->tk_v, 50));
	md_tv_pad(tv, 1);
	md_tv_numcell(tv, num, MD_TV_PW);
	md_tv_blabel(t, num, md_tv_pct(t, k->tk_b, k->tk_v, 99));
	md_tv_pad(tv, 1);
	md_tv_numcell(tv, num, MD_TV_PW);
	(void) md_tv_span(t, k->tk_b, &a, &b);
	md_tv_blabel(t, num, b);
	md_tv_pad(tv, 1);
	md_tv_numcell(tv, num, MD_TV_PW);
	md_tv_lit(tv, "  |");
	md_tv_density(tv, k, lo, hi, g);
	md_tv_lit(tv, "|");
	md_tv_nl(tv);
}

/* The heading of distributions by key, the density's range in it. */
static void
md_tv_keyhead(md_tview_t *tv, size_t kw, size_t lo, size_t hi)
{
	const md_top_t *t = tv->tv_t;
	char a[MD_TV_NUMLEN], b[MD_TV_NUMLEN], text[3 * MD_TV_NUMLEN];

	md_tv_keys(tv, (const char *const *)t->to_fields, NULL, kw);
	md_tv_pad(tv, 1);
	md_tv_str(tv, "count", MD_TV_CNTW, 1);
	md_tv_pad(tv, 1);
	md_tv_str(tv, "p50", MD_TV_PW, 1);
	md_tv_pad(tv, 1);
	md_tv_str(tv, "p99", MD_TV_PW, 1);
	md_tv_pad(tv, 1);
	md_tv_str(tv, "max", MD_TV_PW, 1);
	md_tv_blabel(t, a, lo);
	md_tv_blabel(t, b, hi);
	(void) snprintf(text, sizeof (text), "   %s .. %s", a, b);
	md_tv_str(tv, text, 0, 0);
	md_tv_nl(tv);
}

/* Distributions by key: a row per key, by its count, largest first. */
static void
md_tv_bykey(md_tview_t *tv)
{
	const md_top_t *t = tv->tv_t;
	size_t fixed = 1 + MD_TV_CNTW + 3 * (1 + MD_TV_PW) + 4, kw, dw;
	size_t shown, i, lo = 0, hi = 0, g = 1, a, b;
	int any = 0;

	if (md_tv_room(tv) == 0)
		return;
	shown = md_tv_fit(tv, t->to_nrows, 1);
	for (i = 0; i < shown; i++) {
		if (md_tv_span(t, t->to_rows[i]->tk_b, &a, &b) != 0)
			continue;
		lo = !any || a < lo ? a : lo;
		hi = !any || b > hi ? b : hi;
		any = 1;
	}
	dw = tv->tv_width / 3;		/* at most, the keys 16 at least */
	if (tv->tv_width < fixed + 16 + dw)
		dw = tv->tv_width > fixed + 16 ? tv->tv_width - fixed - 16 : 0;
	dw = dw > 8 ? dw : 8;
	g = (hi - lo + dw) / dw;	/* buckets a character */
	dw = (hi - lo + g) / g;
	kw = tv->tv_width > fixed + dw + MD_TV_MINKEY ? tv->tv_width - fixed -
	    dw : MD_TV_MINKEY;
	md_tv_keyhead(tv, kw, lo, hi);
	for (i = 0; i < shown; i++)
		md_tv_keyrow(tv, t->to_rows[i], kw, lo, hi, g);
	md_tv_more(tv, shown, t->to_nrows, "keys");
}

char *
md_top_view(const md_top_t *t, size_t width, size_t height, int flags,
    size_t *lenp, md_error_t *err)
{
	md_tview_t tv;
	char *text;

	(void) memset(&tv, 0, sizeof (tv));
	tv.tv_t = t;
	tv.tv_width = width > 0 ? width : 1;
	tv.tv_height = height;
	tv.tv_utf8 = (flags & MD_TOP_UTF8) != 0;
	md_buf_init(&tv.tv_b);
	md_buf_init(&tv.tv_s);
	md_tv_header(&tv);
	if (t->to_iv > 0 && MD_AGG_ISDIST(t->to_fn) && t->to_nkeys == 0)
		md_tv_hist(&tv);
	else if (t->to_iv > 0 && MD_AGG_ISDIST(t->to_fn))
		md_tv_bykey(&tv);
	else if (t->to_iv > 0)
		md_tv_numbers(&tv);
	md_buf_fini(&tv.tv_s);
	if (md_buf_failed(&tv.tv_b)) {
		(void) md_buf_error(&tv.tv_b, err);
		md_buf_fini(&tv.tv_b);
		return (NULL);
	}
	text = md_buf_claim(&tv.tv_b, lenp);
	if (text == NULL)
		(void) md_error_nomem(err);
	return (text);
}
