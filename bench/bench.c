/*
 * bench.c: what a script costs (make bench; bench/run.sh sums it up).
 *
 *	bench exec RUNS CMD [ARG ...]
 *		run CMD RUNS times (stdout to /dev/null); print the median,
 *		10th and 90th percentile of its wall time in microseconds
 *	bench throughput SECONDS FILE ...
 *		for each metric, generate every combination of decompositions,
 *		a set of predicates and zone lists, through libmetad, for at
 *		least SECONDS; print scripts and bytes per second
 *	bench scale DIMENSION SIZE
 *		make a synthetic metric and request that grow along one
 *		dimension (entries, fields, gathers, leaves, zones, exprlen),
 *		load and generate it; print its size, the median time, the
 *		most memory libmetad and cJSON held at once (counted exactly,
 *		bench/memcount.c), cJSON's share, and the resident memory the
 *		process gained (one size per process: peak RSS only grows)
 *	bench heatmap COLUMNS BUCKETS
 *		draw a heat map (md_heatmap_*()) of COLUMNS lines of --run,
 *		each a distribution of BUCKETS buckets that all held a count;
 *		print the cells, the bytes read and written, the median time
 *		and the most memory libmetad held at once
 *	bench lines COLUMNS BUCKETS
 *		print those lines (for meta-d --heatmap)
 *	bench flame LINES STACKS SAMPLES
 *		draw a flame graph (md_flame_*()) of LINES lines of --run,
 *		each holding STACKS stacks of 12 frames, SAMPLES events in
 *		all; print the bytes read and written, the median time of 3
 *		and the most memory libmetad held at once
 *	bench flamelines LINES STACKS SAMPLES
 *		print those lines (for meta-d --flamegraph)
 *	bench peak CMD [ARG ...]
 *		run CMD once (stdout to /dev/null); print its peak resident
 *		memory in bytes
 *	bench top KEYS
 *		an interval of KEYS keys, as --run makes its line
 *		(md_values_add(), md_values_line()) and as --top its view
 *		(md_top_add(), md_top_end(), md_top_view() at 80 x 24); print
 *		the median time of each in microseconds, of 15 intervals
 */

#include <fcntl.h>
#include <math.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cJSON.h>

#include "metad.h"

extern char **environ;

/*
 * Memory: libmetad is built for the benchmark with bench/memcount.h, so
 * every byte it allocates is counted; cJSON gets the same functions as its
 * hooks (here only: hooks are global, so libmetad never sets them), and
 * its share is counted apart.
 */
extern size_t mc_live, mc_peak;
extern void *mc_malloc(size_t);
extern size_t mc_size(const void *);
extern void mc_free(void *);

static size_t cj_live, cj_peak;

/* cJSON's blocks: counted by memcount.c, and apart as cJSON's. */
static void *
cj_malloc(size_t n)
{
	void *p = mc_malloc(n);

	if (p != NULL && (cj_live += n) > cj_peak)
		cj_peak = cj_live;
	return (p);
}

static void
cj_free(void *p)
{
	if (p == NULL)
		return;
	cj_live -= mc_size(p);
	mc_free(p);
}

static double
now(void)
{
	struct timespec ts;

	(void) clock_gettime(CLOCK_MONOTONIC, &ts);
	return ((double)ts.tv_sec + (double)ts.tv_nsec / 1e9);
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x < y ? -1 : x > y);
}

static void die(const char *) __attribute__((noreturn));

static void
die(const char *what)
{
	(void) fprintf(stderr, "bench: %s\n", what);
	exit(1);
}

/* Peak resident memory of this process so far, in bytes. */
static double
peak_rss(void)
{
	struct rusage ru;

	(void) getrusage(RUSAGE_SELF, &ru);
#ifdef __APPLE__
	return ((double)ru.ru_maxrss);		/* bytes */
#else
	return ((double)ru.ru_maxrss * 1024);	/* KiB */
#endif
}

static char *
slurp(const char *path, size_t *lenp)
{
	FILE *fp = fopen(path, "r");
	size_t cap = 1 << 16, len = 0, n;
	char *buf = malloc(cap);

	if (fp == NULL || buf == NULL)
		die("cannot read a metric");
	while ((n = fread(buf + len, 1, cap - len, fp)) > 0) {
		len += n;
		if (len == cap && (buf = realloc(buf, cap *= 2)) == NULL)
			die("out of memory");
	}
	(void) fclose(fp);
	*lenp = len;
	return (buf);
}

/* Wall time of one run of argv, spawned as the shell would, in µs. */
static double
spawn_once(posix_spawn_file_actions_t *fa, char **argv)
{
	double start = now();
	int status;
	pid_t pid;

	if (posix_spawnp(&pid, argv[0], fa, NULL, argv, environ) != 0)
		die("cannot run the command");
	(void) waitpid(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		die("the command failed");
	return ((now() - start) * 1e6);
}

/* "median p10 p90" of runs times */
static void
print_spread(double *t, int runs)
{
	qsort(t, (size_t)runs, sizeof (double), cmp_double);
	(void) printf("%.1f %.1f %.1f", t[runs / 2], t[runs / 10],
	    t[runs * 9 / 10]);
}

/*
 * exec: wall time of a command, spawned as the shell would.  With
 * "ARGV1 -- ARGV2", the two commands run in turn, one run of each at a
 * time, so that the machine's drift weighs on both alike; a line each.
 */
static int
bench_exec(int runs, char **argv)
{
	double *t = calloc((size_t)runs, sizeof (double));
	double *t2 = calloc((size_t)runs, sizeof (double));
	posix_spawn_file_actions_t fa;
	char **argv2 = NULL;
	int i;

	if (t == NULL || t2 == NULL || runs < 1)
		die("bad run count");
	for (i = 0; argv[i] != NULL; i++) {
		if (strcmp(argv[i], "--") == 0) {
			argv[i] = NULL;
			argv2 = argv + i + 1;
			break;
		}
	}
	(void) posix_spawn_file_actions_init(&fa);
	(void) posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO,
	    "/dev/null", O_WRONLY, 0);
	for (i = 0; i < runs; i++) {
		t[i] = spawn_once(&fa, argv);
		if (argv2 != NULL)
			t2[i] = spawn_once(&fa, argv2);
	}
	print_spread(t, runs);
	(void) printf("\n");
	if (argv2 != NULL) {
		print_spread(t2, runs);
		(void) printf("\n");
	}
	posix_spawn_file_actions_destroy(&fa);
	free(t);
	free(t2);
	return (0);
}

/*
 * throughput: every request a service might make of a metric.
 */
static const char *const tp_preds[] = {
	"{}",
	"{\"eq\": [\"F0\", \"postgres\"]}",
	"{\"or\": [{\"ne\": [\"F0\", \"a\\\"b\"]}, {\"gt\": [\"F1\", 1000]}]}",
	("{\"and\": [{\"eq\": [\"F0\", \"x\"]}, {\"or\": [{\"lt\": [\"F1\", "
	    "5]}, {\"ge\": [\"F1\", 100000000000000000]}]}]}"),
};

static const char *const tp_zones[] = { "z1", "a", "b", "c", "d" };

/* Predicate text with F0, F1 replaced by fields f0, f1. */
static md_pred_t *
tp_pred(const char *tmpl, const char *f0, const char *f1)
{
	char text[1024], *o = text;
	const char *p;
	md_error_t err;
	md_pred_t *pr;

	for (p = tmpl; *p != '\0'; p++) {
		if (p[0] == 'F' && (p[1] == '0' || p[1] == '1')) {
			o += sprintf(o, "%s", p[1] == '0' ? f0 : f1);
			p++;
		} else {
			*o++ = *p;
		}
	}
	*o = '\0';
	if ((pr = md_pred_parse(text, strlen(text), &err)) == NULL)
		die(err.mde_msg);
	return (pr);
}

static int
bench_throughput(double secs, int nfiles, char **files)
{
	int f;

	for (f = 0; f < nfiles; f++) {
		md_decomp_t d[2];
		md_request_t req;
		md_metric_t *m;
		md_pred_t *preds[4];
		md_error_t err;
		size_t len, nf, i, j, p, z, nreq = 0, bytes = 0, scripts = 0;
		double start, el;
		char *text = slurp(files[f], &len);

		if ((m = md_metric_load(text, len, &err)) == NULL)
			die(err.mde_msg);
		nf = md_metric_nfields(m);
		for (p = 0; p < 4; p++)
			preds[p] = tp_pred(tp_preds[p], md_metric_field(m, 0),
			    md_metric_field(m, nf - 1));

		start = now();
		do {
			/* -s each field or none, -n each field or none */
			for (i = 0; i <= nf; i++)
			for (j = 0; j <= nf; j++)
			for (p = 0; p < 4; p++)
			for (z = 0; z < 3; z++) {
				md_result_t *r;
				size_t nd = 0, k;

				if (i < nf) {
					d[nd].mdd_field = md_metric_field(m, i);
					d[nd++].mdd_kind = MD_DECOMP_STRING;
				}
				if (j < nf) {
					d[nd].mdd_field = md_metric_field(m, j);
					d[nd++].mdd_kind = MD_DECOMP_NUMBER;
				}
				(void) memset(&req, 0, sizeof (req));
				req.mdq_decomps = d;
				req.mdq_ndecomps = nd;
				req.mdq_pred = preds[p];
				req.mdq_zones = z == 0 ? NULL :
				    z == 1 ? tp_zones : tp_zones + 1;
				req.mdq_nzones = z == 0 ? 0 : z == 1 ? 1 : 4;
				req.mdq_hostname = "benchhost";
				nreq++;
				if ((r = md_generate(m, &req, &err)) == NULL)
					continue;	/* e.g. no transform */
				for (k = 0; k < r->mdr_nscripts; k++)
					bytes += r->mdr_lens[k];
				scripts += r->mdr_nscripts;
				md_result_free(r);
			}
		} while ((el = now() - start) < secs);

		/* file requests scripts/s bytes/s seconds */
		(void) printf("%s %zu %.0f %.0f %.2f\n", files[f], nreq,
		    (double)scripts / el, (double)bytes / el, el);
		for (p = 0; p < 4; p++)
			md_pred_free(preds[p]);
		md_metric_free(m);
		free(text);
	}
	return (0);
}

/*
 * scale: synthetic metrics.  Each dimension grows one thing and keeps the
 * rest small; the request asks for what makes the thing show in the
 * script.
 */
typedef struct sc_text {
	char	*st_buf;
	size_t	st_len;
	size_t	st_cap;
} sc_text_t;

static void sc_printf(sc_text_t *, const char *, ...)
    __attribute__((format(printf, 2, 3)));

static void
sc_printf(sc_text_t *t, const char *fmt, ...)
{
	va_list ap;
	int n;

	for (;;) {
		va_start(ap, fmt);
		n = vsnprintf(t->st_buf + t->st_len, t->st_cap - t->st_len, fmt,
		    ap);
		va_end(ap);
		if (n >= 0 && (size_t)n < t->st_cap - t->st_len)
			break;
		t->st_cap = t->st_cap * 2 + (size_t)n;
		if ((t->st_buf = realloc(t->st_buf, t->st_cap)) == NULL)
			die("out of memory");
	}
	t->st_len += (size_t)n;
}

/* The metric for dimension dim at size n, and the request's parts. */
static void
sc_make(const char *dim, size_t n, sc_text_t *t, sc_text_t *pred,
    char ***zonesp, size_t *nzonesp, md_decomp_t *d, size_t *ndp)
{
	size_t i;

	*zonesp = NULL;
	*nzonesp = 0;
	*ndp = 0;
	sc_printf(pred, "{}");

	if (strcmp(dim, "entries") == 0) {
		/* n aggregating entries, each verifying what entry 0 gathered */
		sc_printf(t, "{\"fields\": [\"a\", \"lat\"], \"metad\": "
		    "{\"probedesc\": [{\"probes\": [\"p:::entry\"], \"gather\": "
		    "{\"lat\": {\"gather\": \"timestamp\", \"store\": "
		    "\"thread\"}}}");
		for (i = 0; i < n; i++)
			sc_printf(t, ", {\"probes\": [\"p%zu:::return\"], "
			    "\"aggregate\": {\"default\": \"count()\", \"a\": "
			    "\"count()\", \"lat\": \"quantize($0)\"}, "
			    "\"transforms\": {\"a\": \"arg%zu\", \"lat\": "
			    "\"timestamp - $0\"}, \"verify\": {\"lat\": \"$0\"}}",
			    i, i % 10);
		sc_printf(t, ", {\"probes\": [\"p:::return\"], \"clean\": "
		    "{\"lat\": \"$0\"}}]}}");
		d[0] = (md_decomp_t){ "a", MD_DECOMP_STRING };
		d[1] = (md_decomp_t){ "lat", MD_DECOMP_NUMBER };
		*ndp = 2;
	} else if (strcmp(dim, "fields") == 0) {
		/* n fields, each gathered, aggregated, verified and cleaned */
		sc_printf(t, "{\"fields\": [");
		for (i = 0; i < n; i++)
			sc_printf(t, "%s\"f%zu\"", i ? ", " : "", i);
		sc_printf(t, "], \"metad\": {\"probedesc\": [{\"probes\": "
		    "[\"p:::entry\"], \"gather\": {");
		for (i = 0; i < n; i++)
			sc_printf(t, "%s\"f%zu\": {\"gather\": \"arg%zu\", "
			    "\"store\": \"thread\"}", i ? ", " : "", i, i % 10);
		sc_printf(t, "}}, {\"probes\": [\"p:::return\"], "
		    "\"aggregate\": {\"default\": \"count()\"");
		for (i = 0; i < n; i++)
			sc_printf(t, ", \"f%zu\": \"sum($0)\"", i);
		sc_printf(t, "}, \"transforms\": {");
		for (i = 0; i < n; i++)
			sc_printf(t, "%s\"f%zu\": \"$0\"", i ? ", " : "", i);
		sc_printf(t, "}, \"verify\": {");
		for (i = 0; i < n; i++)
			sc_printf(t, "%s\"f%zu\": \"$0\"", i ? ", " : "", i);
		sc_printf(t, "}}, {\"probes\": [\"p:::return\"], \"clean\": {");
		for (i = 0; i < n; i++)
			sc_printf(t, "%s\"f%zu\": \"$0\"", i ? ", " : "", i);
		sc_printf(t, "}}]}}");
		d[0] = (md_decomp_t){ "f0", MD_DECOMP_STRING };
		d[1] = (md_decomp_t){ "f1", MD_DECOMP_NUMBER };
		*ndp = 2;
	} else if (strcmp(dim, "cleans") == 0) {
		/*
		 * fields and entries together: n fields always gathered,
		 * and n entries cleaning one each
		 */
		sc_printf(t, "{\"fields\": [\"a\"], \"fields_internal\": [");
		for (i = 0; i < n; i++)
			sc_printf(t, "%s\"v%zu\"", i ? ", " : "", i);
		sc_printf(t, "], \"metad\": {\"probedesc\": [{\"probes\": "
		    "[\"p:::entry\"], \"alwaysgather\": {");
		for (i = 0; i < n; i++)
			sc_printf(t, "%s\"v%zu\": {\"gather\": \"arg0\", "
			    "\"store\": \"thread\"}", i ? ", " : "", i);
		sc_printf(t, "}}, {\"probes\": [\"p:::return\"], "
		    "\"aggregate\": {\"default\": \"count()\", \"a\": "
		    "\"count()\"}, \"transforms\": {\"a\": \"A\"}, \"verify\": {");
		for (i = 0; i < n; i++)
			sc_printf(t, "%s\"v%zu\": \"$0\"", i ? ", " : "", i);
		sc_printf(t, "}}");
		for (i = 0; i < n; i++)
			sc_printf(t, ", {\"probes\": [\"p%zu:::return\"], "
			    "\"clean\": {\"v%zu\": \"$0\"}}", i, i);
		sc_printf(t, "]}}");
	} else if (strcmp(dim, "requests") == 0) {
		/*
		 * fields, entries and predicate leaves together: n fields,
		 * each gathered by an entry of its own when the predicate
		 * asks for it, and cleaned by another
		 */
		sc_printf(t, "{\"fields\": [");
		for (i = 0; i < n; i++)
			sc_printf(t, "%s\"f%zu\"", i ? ", " : "", i);
		sc_printf(t, "], \"metad\": {\"probedesc\": [");
		for (i = 0; i < n; i++)
			sc_printf(t, "%s{\"probes\": [\"p%zu:::entry\"], "
			    "\"gather\": {\"f%zu\": {\"gather\": \"arg0\", "
			    "\"store\": \"thread\"}}}", i ? ", " : "", i, i);
		sc_printf(t, ", {\"probes\": [\"p:::return\"], "
		    "\"aggregate\": {\"default\": \"count()\"");
		for (i = 0; i < n; i++)
			sc_printf(t, ", \"f%zu\": \"count()\"", i);
		sc_printf(t, "}, \"transforms\": {");
		for (i = 0; i < n; i++)
			sc_printf(t, "%s\"f%zu\": \"$0\"", i ? ", " : "", i);
		sc_printf(t, "}, \"verify\": {");
		for (i = 0; i < n; i++)
			sc_printf(t, "%s\"f%zu\": \"$0\"", i ? ", " : "", i);
		sc_printf(t, "}}");
		for (i = 0; i < n; i++)
			sc_printf(t, ", {\"probes\": [\"p%zu:::return\"], "
			    "\"clean\": {\"f%zu\": \"$0\"}}", i, i);
		sc_printf(t, "]}}");
		pred->st_len = 0;
		sc_printf(pred, "{\"or\": [");
		for (i = 0; i < n; i++)
			sc_printf(pred, "%s{\"gt\": [\"f%zu\", %zu]}",
			    i ? ", " : "", i, i);
		sc_printf(pred, ", {}]}");
	} else if (strcmp(dim, "gathers") == 0) {
		/* one entry always gathering n internal fields */
		sc_printf(t, "{\"fields\": [\"a\"], \"fields_internal\": [");
		for (i = 0; i < n; i++)
			sc_printf(t, "%s\"v%zu\"", i ? ", " : "", i);
		sc_printf(t, "], \"metad\": {\"probedesc\": [{\"probes\": "
		    "[\"p:::entry\"], \"alwaysgather\": {");
		for (i = 0; i < n; i++)
			sc_printf(t, "%s\"v%zu\": {\"gather\": \"arg%zu\", "
			    "\"store\": \"global[tid]\"}", i ? ", " : "", i,
			    i % 10);
		sc_printf(t, "}}, {\"probes\": [\"p:::return\"], "
		    "\"aggregate\": {\"default\": \"count()\", \"a\": "
		    "\"count()\"}, \"transforms\": {\"a\": \"A\"}, \"verify\": {");
		for (i = 0; i < n; i++)
			sc_printf(t, "%s\"v%zu\": \"$0[tid]\"", i ? ", " : "",
			    i);
		sc_printf(t, "}}, {\"probes\": [\"p:::return\"], \"clean\": {");
		for (i = 0; i < n; i++)
			sc_printf(t, "%s\"v%zu\": \"$0[tid]\"", i ? ", " : "",
			    i);
		sc_printf(t, "}}]}}");
	} else {
		/* leaves, zones, exprlen: the system call metric */
		size_t e = strcmp(dim, "exprlen") == 0 ? n : 1;

		sc_printf(t, "{\"fields\": [\"execname\", \"latency\"], "
		    "\"metad\": {\"usepragmazone\": true, \"probedesc\": "
		    "[{\"probes\": [\"syscall:::entry\"], \"gather\": "
		    "{\"latency\": {\"gather\": \"timestamp\", \"store\": "
		    "\"thread\"}}}, {\"probes\": [\"syscall:::return\"], "
		    "\"aggregate\": {\"default\": \"count()\", \"execname\": "
		    "\"count()\", \"latency\": \"quantize($0)\"}, "
		    "\"transforms\": {\"execname\": \"execname\", \"latency\": "
		    "\"timestamp - $0");
		/* exprlen: a transform of n terms, each using $0 */
		for (i = 1; i < e; i++)
			sc_printf(t, " + ($0 & %zu)", i);
		sc_printf(t, "\"}, \"verify\": {\"latency\": \"$0\"}}, "
		    "{\"probes\": [\"syscall:::return\"], \"clean\": "
		    "{\"latency\": \"$0\"}}]}}");
		d[0] = (md_decomp_t){ "execname", MD_DECOMP_STRING };
		d[1] = (md_decomp_t){ "latency", MD_DECOMP_NUMBER };
		*ndp = 2;
		if (strcmp(dim, "leaves") == 0) {
			pred->st_len = 0;
			sc_printf(pred, "{\"or\": [");
			/* strings for execname, numbers for latency */
			for (i = 0; i < n; i++)
				sc_printf(pred, i % 2 ? "%s{\"eq\": "
				    "[\"execname\", \"x%zu\"]}" : "%s{\"eq\": "
				    "[\"latency\", %zu]}", i ? ", " : "", i);
			sc_printf(pred, ", {}]}");
		} else if (strcmp(dim, "zones") == 0) {
			if ((*zonesp = calloc(n, sizeof (char *))) == NULL)
				die("out of memory");
			for (i = 0; i < n; i++) {
				if (((*zonesp)[i] = malloc(32)) == NULL)
					die("out of memory");
				(void) snprintf((*zonesp)[i], 32, "zone%zu", i);
			}
			*nzonesp = n;
		} else if (strcmp(dim, "exprlen") != 0) {
			die("unknown dimension");
		}
	}
}

static int
bench_scale(const char *dim, size_t n)
{
	sc_text_t t = { NULL, 0, 0 }, pred = { NULL, 0, 0 };
	double base, times[7], peak;
	md_decomp_t d[2];
	size_t nd, nz, out = 0, in, i, base_heap, held = 0;
	char **zones;
	int rep;

	cJSON_Hooks hooks = { cj_malloc, cj_free };

	cJSON_InitHooks(&hooks);
	sc_make(dim, n, &t, &pred, &zones, &nz, d, &nd);
	base = peak_rss();
	base_heap = mc_live;
	for (rep = 0; rep < 7; rep++) {
		double start = now();
		md_request_t req;
		md_metric_t *m;
		md_pred_t *p;
		md_result_t *r;
		md_error_t err;

		if ((m = md_metric_load(t.st_buf, t.st_len, &err)) == NULL ||
		    (p = md_pred_parse(pred.st_buf, pred.st_len, &err)) ==
		    NULL)
			die(err.mde_msg);
		held = mc_live - base_heap;	/* a loaded metric, predicate */
		(void) memset(&req, 0, sizeof (req));
		req.mdq_decomps = d;
		req.mdq_ndecomps = nd;
		req.mdq_pred = p;
		req.mdq_zones = (const char *const *)zones;
		req.mdq_nzones = nz;
		req.mdq_hostname = "benchhost";
		if ((r = md_generate(m, &req, &err)) == NULL)
			die(err.mde_msg);
		for (out = 0, i = 0; i < r->mdr_nscripts; i++)
			out += r->mdr_lens[i];
		md_result_free(r);
		md_pred_free(p);
		md_metric_free(m);
		times[rep] = (now() - start) * 1e6;
	}
	peak = peak_rss();
	qsort(times, 7, sizeof (double), cmp_double);
	/*
	 * dimension size input-bytes output-bytes median-us heap-peak
	 * cjson-peak rss-gained held: the most libmetad and cJSON held at
	 * once, the most cJSON's tree did (bytes asked for, without the
	 * allocator's own), the resident memory the process gained, and
	 * what the loaded metric and predicate hold between requests
	 */
	for (in = t.st_len + pred.st_len, i = 0; i < nz; i++)
		in += strlen(zones[i]);
	(void) printf("%s %zu %zu %zu %.1f %zu %zu %.0f %zu\n", dim, n, in,
	    out, times[3], mc_peak - base_heap, cj_peak, peak - base, held);
	for (i = 0; i < nz; i++)
		free(zones[i]);
	free(zones);
	free(t.st_buf);
	free(pred.st_buf);
	return (0);
}

/*
 * dscale: the D checker on programs grown along one dimension: clauses
 * (each a predicate and a few statements), statements of one clause, the
 * terms of one expression, arguments of one call.  Time is the median of
 * 7 runs of md_d_check(), which allocates nothing.
 */
static int
bench_dscale(const char *dim, size_t n)
{
	sc_text_t t = { NULL, 0, 0 };
	double times[7];
	md_error_t err;
	size_t i;
	int rep;

	if (strcmp(dim, "clauses") == 0) {
		sc_printf(&t, "#pragma D option quiet\n\n");
		for (i = 0; i < n; i++)
			sc_printf(&t, "syscall::read%zu:entry\n/execname == "
			    "\"x%zu\" && arg0 > %zu/\n{\n\tself->ts[tid] = "
			    "timestamp;\n\t@c[probefunc, stack()] = "
			    "count();\n\t@q = lquantize(arg2 - (int)arg1, 0, "
			    "100, 10);\n\tprintf(\"%%d %%s\\n\", pid, "
			    "copyinstr(arg1));\n}\n\n", i, i, i);
	} else if (strcmp(dim, "statements") == 0) {
		sc_printf(&t, "BEGIN\n{\n");
		for (i = 0; i < n; i++)
			sc_printf(&t, "\tthis->v%zu = (x ? arg%zu : "
			    "strlen(execname)) << 2;\n", i, i % 10);
		sc_printf(&t, "}\n");
	} else if (strcmp(dim, "terms") == 0) {
		sc_printf(&t, "BEGIN\n{\n\tx = a0");
		for (i = 1; i < n; i++)
			sc_printf(&t, " %s a%zu", i % 3 == 0 ? "*" : i % 3 == 1 ?
			    "+" : "&&", i);
		sc_printf(&t, ";\n}\n");
	} else if (strcmp(dim, "arguments") == 0) {
		sc_printf(&t, "BEGIN\n{\n\tprintf(\"");
		for (i = 0; i < n; i++)
			sc_printf(&t, "%%d ");
		sc_printf(&t, "\\n\"");
		for (i = 0; i < n; i++)
			sc_printf(&t, ", arg%zu", i % 10);
		sc_printf(&t, ");\n}\n");
	} else {
		die("unknown dimension");
	}
	for (rep = 0; rep < 7; rep++) {
		double start = now();

		if (md_d_check(t.st_buf, t.st_len, NULL, NULL, &err) != 0)
			die(err.mde_msg);
		times[rep] = (now() - start) * 1e6;
	}
	qsort(times, 7, sizeof (double), cmp_double);
	/* dimension size bytes median-us */
	(void) printf("%s %zu %zu %.1f\n", dim, n, t.st_len, times[3]);
	free(t.st_buf);
	return (0);
}

/*
 * heatmap: COLUMNS lines of 1 s, each BUCKETS buckets of
 * llquantize(latency, 10, 3, 11, 100) from 1000 up (100 a step, then
 * 1000...; past 10^12, 10^10 a step), every one holding a count, made
 * up.
 */
static void
hm_lines(sc_text_t *t, size_t cols, size_t buckets)
{
	unsigned long x = 20261125;
	long long lo, step;
	size_t i, b;

	for (i = 0; i < cols; i++) {
		sc_printf(t, "{\"start\": %zu.125, \"duration\": 1, "
		    "\"value\": [", (size_t)1795593600 + i);
		for (b = 0, lo = 1000, step = 100; b < buckets; b++) {
			x = x * 16807 % 2147483647;
			sc_printf(t, "%s[[%lld,%lld],%lu]", b > 0 ? "," : "",
			    lo, lo + step - 1, 1 + x % 1000);
			lo += step;
			/* past 10^12, steps stay 10^10 */
			step = lo >= step * 100 && lo < 1000000000000LL ?
			    step * 10 : step;
		}
		sc_printf(t, "]}\n");
	}
}

/* One drawing of the lines in t: new, each line, the SVG, free. */
static size_t
hm_draw(const sc_text_t *t)
{
	const char *p = t->st_buf, *end = p + t->st_len, *nl;
	md_hmopts_t opts = { "bench", "nanoseconds", -1, MD_HM_RANK, 0, 0 };
	md_heatmap_t *h;
	md_error_t err;
	size_t len;
	char *svg;

	if ((h = md_heatmap_new(NULL, &err)) == NULL)
		die(err.mde_msg);
	for (; p < end; p = nl + 1) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (md_heatmap_line(h, p, (size_t)(nl - p), &err) != 0)
			die(err.mde_msg);
	}
	if ((svg = md_heatmap_svg(h, &opts, &len, &err)) == NULL)
		die(err.mde_msg);
	mc_free(svg);
	md_heatmap_free(h);
	return (len);
}

static int
bench_heatmap(size_t cols, size_t buckets)
{
	sc_text_t t = { NULL, 0, 0 };
	double times[7];
	size_t out = 0, base;
	int rep, reps = cols * buckets >= 1000000 ? 3 : 7;

	hm_lines(&t, cols, buckets);
	base = mc_live;
	mc_peak = mc_live;
	for (rep = 0; rep < reps; rep++) {
		double start = now();

		out = hm_draw(&t);
		times[rep] = (now() - start) * 1e6;
	}
	qsort(times, (size_t)reps, sizeof (double), cmp_double);
	/* columns buckets cells in-bytes out-bytes median-us peak-bytes */
	(void) printf("%zu %zu %zu %zu %zu %.1f %zu\n", cols, buckets,
	    cols * buckets, t.st_len, out, times[reps / 2], mc_peak - base);
	free(t.st_buf);
	return (0);
}

static int
bench_hmlines(size_t cols, size_t buckets)
{
	sc_text_t t = { NULL, 0, 0 };

	hm_lines(&t, cols, buckets);
	(void) fwrite(t.st_buf, 1, t.st_len, stdout);
	free(t.st_buf);
	return (0);
}

/*
 * flame: LINES lines of 1 s, each holding every one of STACKS stacks of
 * 12 frames (the outer 8 of a program, shared by ever fewer stacks, the
 * inner 4 of the kernel, the stack's own), made up; SAMPLES events in
 * all, spread evenly.
 */
static void
fl_lines(sc_text_t *t, size_t lines, size_t stacks, size_t samples)
{
	static const size_t m[8] = { 2, 8, 32, 128, 512, 2048, 8192, 10000 };
	size_t i, k, j, n = samples / (lines * stacks);

	for (i = 0; i < lines; i++) {
		sc_printf(t, "{\"start\": %zu.125, \"duration\": 1, "
		    "\"value\": {", (size_t)1795593600 + i);
		for (k = 0; k < stacks; k++) {
			sc_printf(t, "%s\"", k > 0 ? ", " : "");
			for (j = 12; j-- > 0; )
				sc_printf(t, j >= 8 ? "vmlinux`k%zu_%zu+0x1f%s" :
				    "prog`fn%zu_%zu+0x2a%s", j, j >= 8 ? k :
				    k % m[j], j > 0 ? "\\n" : "");
			sc_printf(t, "\": %zu", n + (i == 0 && k == 0 ?
			    samples - n * lines * stacks : 0));
		}
		sc_printf(t, "}}\n");
	}
}

/* One drawing of the lines in t: new, each line, the SVG, free. */
static size_t
fl_draw(const sc_text_t *t)
{
	const char *p = t->st_buf, *end = p + t->st_len, *nl;
	md_flame_t *f;
	md_error_t err;
	size_t len;
	char *svg;

	if ((f = md_flame_new(&err)) == NULL)
		die(err.mde_msg);
	for (; p < end; p = nl + 1) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (md_flame_line(f, p, (size_t)(nl - p), &err) != 0)
			die(err.mde_msg);
	}
	if ((svg = md_flame_svg(f, NULL, &len, &err)) == NULL)
		die(err.mde_msg);
	mc_free(svg);
	md_flame_free(f);
	return (len);
}

static int
bench_flame(size_t lines, size_t stacks, size_t samples, int print)
{
	sc_text_t t = { NULL, 0, 0 };
	double times[3];
	size_t out = 0, base;
	int rep;

	fl_lines(&t, lines, stacks, samples);
	if (print) {
		(void) fwrite(t.st_buf, 1, t.st_len, stdout);
		free(t.st_buf);
		return (0);
	}
	base = mc_live;
	mc_peak = mc_live;
	for (rep = 0; rep < 3; rep++) {
		double start = now();

		out = fl_draw(&t);
		times[rep] = (now() - start) * 1e6;
	}
	qsort(times, 3, sizeof (double), cmp_double);
	/* lines stacks samples in-bytes out-bytes median-us peak-bytes */
	(void) printf("%zu %zu %zu %zu %zu %.1f %zu\n", lines, stacks, samples,
	    t.st_len, out, times[1], mc_peak - base);
	free(t.st_buf);
	return (0);
}

/* peak: a command's peak resident memory, in bytes. */
static int
bench_peak(char **argv)
{
	posix_spawn_file_actions_t fa;
	struct rusage ru;

	(void) posix_spawn_file_actions_init(&fa);
	(void) posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO,
	    "/dev/null", O_WRONLY, 0);
	(void) spawn_once(&fa, argv);
	posix_spawn_file_actions_destroy(&fa);
	(void) getrusage(RUSAGE_CHILDREN, &ru);
#ifdef __APPLE__
	(void) printf("%ld\n", (long)ru.ru_maxrss);
#else
	(void) printf("%ld\n", (long)ru.ru_maxrss * 1024);
#endif
	return (0);
}

/*
 * prom: the Prometheus exposition of n series (a counter by one label)
 * per interval: each series' value added (md_prom_add()), then the text
 * written (md_prom_text()); the median of 7 intervals of each.  Prints
 * "n bytes write-us add-us".
 */
static int
bench_prom(size_t n)
{
	static const char *const label[] = { "execname" };
	md_value_t v = { MD_AGG_COUNT, NULL, NULL, 1 };
	double wr[7], ad[7], t0, t1;
	char key[32], *text = NULL;
	const char *keys[1] = { key };
	size_t i, r, len = 0, klen;
	md_prom_t *p;
	md_error_t err;
	int64_t one = 1;

	if ((p = md_prom_new("bench", "h", label, 1, MD_AGG_COUNT,
	    &err)) == NULL)
		die(err.mde_msg);
	v.mv_data = &one;
	for (r = 0; r < 7; r++) {
		t0 = now();
		for (i = 0; i < n; i++) {
			klen = (size_t)snprintf(key, sizeof (key), "p%zu", i);
			if (md_prom_add(p, keys, &klen, &v, &err) != 0)
				die(err.mde_msg);
		}
		t1 = now();
		mc_free(text);		/* the library's, counted */
		if ((text = md_prom_text(p, 0, 0, &len, &err)) == NULL)
			die(err.mde_msg);
		wr[r] = (now() - t1) * 1e6;
		ad[r] = (t1 - t0) * 1e6;
	}
	qsort(wr, 7, sizeof (double), cmp_double);
	qsort(ad, 7, sizeof (double), cmp_double);
	(void) printf("%zu %zu %.1f %.1f\n", n, len, wr[3], ad[3]);
	mc_free(text);
	md_prom_free(p);
	return (0);
}

/*
 * One interval of n keys (each "p" and its number, a count of its
 * number) into --run's line (v) or --top's view (t): microseconds.
 */
static double
top_interval(md_values_t *v, md_top_t *t, size_t n)
{
	md_value_t val = { MD_AGG_COUNT, NULL, NULL, 1 };
	char key[32], *text;
	const char *keys[1] = { key };
	size_t i, klen, len;
	md_error_t err;
	int64_t w;
	double t0 = now();

	val.mv_data = &w;
	for (i = 0; i < n; i++) {
		klen = (size_t)snprintf(key, sizeof (key), "p%zu", i);
		w = (int64_t)i + 1;
		if ((v != NULL ? md_values_add(v, keys, &klen, &val, &err) :
		    md_top_add(t, keys, &klen, &val, &err)) != 0)
			die(err.mde_msg);
	}
	if (v != NULL)
		text = md_values_line(v, 0, 1, 0, 0, &len, &err);
	else if (md_top_end(t, 0, 1, 0, 0, &err) == 0)
		text = md_top_view(t, 80, 24, MD_TOP_UTF8, &len, &err);
	else
		text = NULL;
	if (text == NULL)
		die(err.mde_msg);
	mc_free(text);		/* the library's, counted */
	return ((now() - t0) * 1e6);
}

/* --run's line against --top's view, an interval of n keys. */
static int
bench_top(size_t n)
{
	md_topconf_t c = { 1, NULL, MD_AGG_COUNT, NULL, "bench -s p" };
	double run[15], top[15];
	md_values_t *v;
	md_top_t *t;
	md_error_t err;
	int r;

	if ((v = md_values_new(1, MD_AGG_COUNT, &err)) == NULL ||
	    (t = md_top_new(&c, &err)) == NULL)
		die(err.mde_msg);
	for (r = 0; r < 15; r++) {	/* in turn: the machine's drift */
		run[r] = top_interval(v, NULL, n);	/* on both alike */
		top[r] = top_interval(NULL, t, n);
	}
	qsort(run, 15, sizeof (double), cmp_double);
	qsort(top, 15, sizeof (double), cmp_double);
	(void) printf("%zu %.1f %.1f\n", n, run[7], top[7]);
	md_values_free(v);
	md_top_free(t);
	return (0);
}

int
main(int argc, char **argv)
{
	if (argc >= 4 && strcmp(argv[1], "exec") == 0)
		return (bench_exec(atoi(argv[2]), argv + 3));
	if (argc >= 4 && strcmp(argv[1], "throughput") == 0)
		return (bench_throughput(atof(argv[2]), argc - 3, argv + 3));
	if (argc == 4 && strcmp(argv[1], "scale") == 0)
		return (bench_scale(argv[2], (size_t)strtoul(argv[3], NULL,
		    10)));
	if (argc == 3 && strcmp(argv[1], "prom") == 0)
		return (bench_prom((size_t)strtoul(argv[2], NULL, 10)));
	if (argc == 4 && strcmp(argv[1], "dscale") == 0)
		return (bench_dscale(argv[2], (size_t)strtoul(argv[3], NULL,
		    10)));
	if (argc == 4 && strcmp(argv[1], "heatmap") == 0)
		return (bench_heatmap((size_t)strtoul(argv[2], NULL, 10),
		    (size_t)strtoul(argv[3], NULL, 10)));
	if (argc == 4 && strcmp(argv[1], "lines") == 0)
		return (bench_hmlines((size_t)strtoul(argv[2], NULL, 10),
		    (size_t)strtoul(argv[3], NULL, 10)));
	if (argc == 5 && (strcmp(argv[1], "flame") == 0 ||
	    strcmp(argv[1], "flamelines") == 0))
		return (bench_flame((size_t)strtoul(argv[2], NULL, 10),
		    (size_t)strtoul(argv[3], NULL, 10), (size_t)strtoul(argv[4],
		    NULL, 10), argv[1][5] != '\0'));
	if (argc >= 3 && strcmp(argv[1], "peak") == 0)
		return (bench_peak(argv + 2));
	if (argc == 3 && strcmp(argv[1], "top") == 0)
		return (bench_top((size_t)strtoul(argv[2], NULL, 10)));
	(void) fprintf(stderr, "usage: bench exec RUNS CMD [ARG ...]\n"
	    "       bench throughput SECONDS FILE ...\n"
	    "       bench scale DIMENSION SIZE\n"
	    "       bench dscale DIMENSION SIZE\n"
	    "       bench heatmap COLUMNS BUCKETS\n"
	    "       bench lines COLUMNS BUCKETS\n"
	    "       bench flame|flamelines LINES STACKS SAMPLES\n"
	    "       bench peak CMD [ARG ...]\n"
	    "       bench top KEYS\n");
	return (2);
}
