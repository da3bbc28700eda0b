/*
 * cli_bpfmaps.c: the aggregation of Oracle's libdtrace read from its BPF
 * maps, not through libdtrace's snapshot, for cli_dtrace.c (the seam is
 * cli_bpfmaps.h), and only where libdtrace is a release this reader was
 * checked against (md_bpf_checked()).  dtrace_aggregate_snap() re-reads
 * every CPU's map into libdtrace's hash, whose chains hang on the
 * aggregation's id alone: an aggregation of N keys costs N * N / 2
 * comparisons of keys (half a second of CPU at 10,000 keys, a minute at
 * 100,000), and dtrace_work() takes such a snapshot at every call, as
 * printa does in the dtrace command.  So meta-d reads the maps itself,
 * in batches, into a table hashed on the whole key, and merges the
 * CPUs' records as dt_aggregate.c does (min and max their extremes,
 * the other functions word by word added, a later generation replacing
 * an earlier one): the same records, the same values (tests/run.sh
 * reads its every value both ways; METAD_RUN_SNAP=1 reads the
 * snapshot).  What libdtrace keeps to itself, and how meta-d gets it:
 *
 *  - The maps, found by name among the process's descriptors: "aggs",
 *    an array of each CPU's hash (key: the aggregation's id, then its
 *    keys; value: a generation, then the data); "agggen", one element
 *    an aggregation id (ids count from 1); "cpuinfo", per CPU, with the
 *    aggregation drop counters.
 *  - Each aggregation's description (dtrace_aggdesc_t: the records of
 *    its keys and data): only libdtrace's walks hand it out, from its
 *    snapshot, and a snapshot taken while a burst of new keys comes
 *    chases it (100,000 keys in half a second cost a snapshot of 14 s of
 *    CPU).  So the script meta-d runs ends with a clause of its own, a
 *    BEGIN that fills an aggregation of meta-d's (md_dt_runclause()):
 *    its one record is in the first snapshot, taken as tracing begins,
 *    and libdtrace's joined walk of it with each other aggregation
 *    hands over their descriptions, before any of their records came
 *    (cli_dtrace.c's md_dt_join(), which hands each to md_bpf_learn()).
 *    Should one still be missing, polls (md_dt_poll()) snap every 10 ms
 *    until it comes, and a record of an id without one makes its
 *    interval read through the snapshot (md_bpf_read() returns 0).
 *  - libdtrace's own snapshots: held off by an aggrate of a year (set
 *    before two calls of dtrace_work() that process BEGIN's buffer, after
 *    which the rate counts), let through by an aggrate of 0 for a poll
 *    (cli_dtrace.c).  Once tracing has stopped, dtrace_work() snaps
 *    whatever the rate, so meta-d reads the maps and then empties them
 *    (md_bpf_empty()), first.
 *  - Aggregation drops: libdtrace counts them while it snaps, so meta-d
 *    reads cpuinfo's counters and says them in libdtrace's words
 *    (md_bpf_drops()), and cli_dtrace.c does not pass on libdtrace's own.
 *
 * Where the maps are not found, the snapshot serves.  This file calls
 * nothing of libdtrace, nor of cli_dtrace.c: it is handed libdtrace's
 * descriptions, handle and version, and the walk's callback.  It is
 * Oracle's, on Linux, alone: in the illumos dialect it is empty.
 */

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/param.h>		/* NBBY, which dtrace.h's macros use */
#include <unistd.h>

#include <dtrace.h>
#ifdef	__linux__
#include <linux/bpf.h>
#include <sys/syscall.h>
#endif

#include "cli.h"
#include "cli_bpfmaps.h"

#ifdef	MD_DTRACE_ORACLE

#define	MD_BPF_BATCH	1024	/* records a batch read asks for */
#define	MD_BPF_ENOTSUPP	524	/* Linux's: no batch operations on this map */
#define	MD_BPF_ALIGN(n)	(((n) + 7) & ~(size_t)7)

/* An aggregation as a walk described it, and its function (meta-d's). */
typedef struct md_bpf_agg {
	dtrace_aggdesc_t	*ba_desc;
	md_aggfn_t		ba_fn;
} md_bpf_agg_t;

/* The maps, and the records of every CPU merged into one table. */
struct md_bpf {
	int			dm_unknown;	/* a record of no description */
	int			dm_nobatch;	/* no batch reads: key by key */
	int			*dm_cpu;	/* each CPU's hash, or -1 */
	uint32_t		dm_ncpu;
	int			dm_info;	/* cpuinfo: drop counters */
	size_t			dm_ninfo;	/* its values: possible CPUs */
	size_t			dm_infosize;
	uint64_t		*dm_drops;	/* drops said, per CPU */
	uint32_t		dm_naggs;	/* aggregation ids: 1 to this */
	uint32_t		dm_begun;	/* MD_DT_BEGUN's id, or 0 */
	md_bpf_agg_t		*dm_agg;	/* by id, learnt from walks */
	size_t			dm_ksize;	/* a map's key and value */
	size_t			dm_vsize;
	char			*dm_kbuf;	/* a batch of keys, values */
	char			*dm_vbuf;
	uint32_t		dm_batch;
	char			*dm_recs;	/* merged: key, value each */
	size_t			dm_stride;
	size_t			dm_nrecs;
	size_t			dm_caprecs;
	uint32_t		*dm_slot;	/* record + 1, or 0: empty */
	size_t			dm_nslot;
	md_hashkey_t		dm_hkey;	/* the slots' hash's key */
	char			*dm_take;	/* an evicted key's value */
	int			dm_noatomic;	/* no lookup-and-delete */
};

/*
 * The releases of Oracle's libdtrace whose private maps this reader was
 * checked against (the layouts of "aggs", "agggen", "cpuinfo" here and
 * of dt_aggfid_t in cli_dtrace.c are theirs: dt_bpf_maps.h, dt_impl.h,
 * dt_cg.c alike in both), by the commit each was built from
 * (_libdtrace_vcs_version, which a release's tarball carries too).
 * Another libdtrace is read through its snapshot: slower with many keys,
 * never wrong.
 */
static const struct {
	const char	*dc_vcs;
	const char	*dc_name;
} md_bpf_checkedv[] = {
	{ "0f499300c150a3a8878361e31f3ba167f7d5b851", "2.0.1" },
	{ "cc48b157766a8f752790e0b3f22e7b34ea7f45f4", "2.0.1.1" }
};

/*
 * Is this libdtrace (its _dtrace_version and _libdtrace_vcs_version, ""
 * where it has none) one the reader was checked against?  reader, what
 * -v says, says which, or why not.
 */
int
md_bpf_checked(const char *version, const char *vcs, char *reader,
    size_t len)
{
	size_t i, n = sizeof (md_bpf_checkedv) / sizeof (md_bpf_checkedv[0]);

	for (i = 0; strcmp(version, "Oracle D 2.0") == 0 && i < n; i++) {
		if (strcmp(vcs, md_bpf_checkedv[i].dc_vcs) != 0)
			continue;
		(void) snprintf(reader, len,
		    "reading the aggregation's BPF maps (libdtrace %s, %s, "
		    "a release meta-d's reader was checked against)",
		    md_bpf_checkedv[i].dc_name, vcs);
		return (1);
	}
	(void) snprintf(reader, len, "reading "
	    "libdtrace's snapshot of the aggregation, which costs the square "
	    "of its keys: this libdtrace (%s, %s) is not one meta-d's reader "
	    "of its BPF maps was checked against (2.0.1, 2.0.1.1)",
	    *version != '\0' ? version : "no version",
	    *vcs != '\0' ? vcs : "no commit");
	return (0);
}

/* The maps are not to be had: the snapshot serves, and -v says why. */
void
md_bpf_missed(const char *vcs, char *reader, size_t len)
{
	(void) snprintf(reader, len, "reading "
	    "libdtrace's snapshot of the aggregation: its BPF maps were not "
	    "found as libdtrace %s lays them out", *vcs != '\0' ? vcs :
	    "2.0.1");
}

/* The head of Oracle's dt_bpf_cpuinfo_t (dt_bpf_maps.h), per CPU. */
typedef struct md_bpf_cpuinfo {
	cpuinfo_t	ci_ci;
	uint64_t	ci_bufdrops;
	uint64_t	ci_aggdrops;
} md_bpf_cpuinfo_t;

static int
md_bpf(int cmd, union bpf_attr *a)
{
	return ((int)syscall(__NR_bpf, cmd, a, sizeof (*a)));
}

/* What fd is, if it is a BPF map: 0, else -1. */
static int
md_bpf_info(int fd, struct bpf_map_info *mi)
{
	union bpf_attr a;

	(void) memset(&a, 0, sizeof (a));
	(void) memset(mi, 0, sizeof (*mi));
	a.info.bpf_fd = (uint32_t)fd;
	a.info.info_len = sizeof (*mi);
	a.info.info = (uint64_t)(uintptr_t)mi;
	return (md_bpf(BPF_OBJ_GET_INFO_BY_FD, &a));
}

/* One element: looked up (val), deleted (val NULL), or the key after. */
static int
md_bpf_elem(int cmd, int fd, const void *key, void *val)
{
	union bpf_attr a;

	(void) memset(&a, 0, sizeof (a));
	a.map_fd = (uint32_t)fd;
	a.key = (uint64_t)(uintptr_t)key;
	if (cmd == BPF_MAP_GET_NEXT_KEY)
		a.next_key = (uint64_t)(uintptr_t)val;
	else
		a.value = (uint64_t)(uintptr_t)val;
	return (md_bpf(cmd, &a));
}

/* The kernel's possible CPUs ("0-3,8"): the highest, plus one; or 0. */
static size_t
md_bpf_possible(void)
{
	FILE *f = fopen("/sys/devices/system/cpu/possible", "r");
	unsigned long n, max = 0;
	int found = 0;

	if (f == NULL)
		return (0);
	while (fscanf(f, "%lu", &n) == 1) {
		found = 1;
		if (n > max)
			max = n;
		if (fgetc(f) == EOF)
			break;
	}
	(void) fclose(f);
	return (found ? (size_t)max + 1 : 0);
}

/* The handle's maps, by name among this process's descriptors. */
static int
md_bpf_find(int *aggs, int *gen, int *info)
{
	struct bpf_map_info mi;
	struct dirent *de;
	DIR *d;
	int fd;

	*aggs = *gen = *info = -1;
	if ((d = opendir("/proc/self/fd")) == NULL)
		return (-1);
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] < '0' || de->d_name[0] > '9' ||
		    (fd = atoi(de->d_name)) == dirfd(d) ||
		    md_bpf_info(fd, &mi) != 0)
			continue;
		if (mi.type == BPF_MAP_TYPE_ARRAY_OF_MAPS &&
		    strcmp(mi.name, "aggs") == 0)
			*aggs = fd;
		else if (mi.type == BPF_MAP_TYPE_ARRAY &&
		    strcmp(mi.name, "agggen") == 0)
			*gen = fd;
		else if (mi.type == BPF_MAP_TYPE_PERCPU_ARRAY &&
		    strcmp(mi.name, "cpuinfo") == 0)
			*info = fd;
	}
	(void) closedir(d);
	return (*aggs >= 0 && *gen >= 0 && *info >= 0 ? 0 : -1);
}

/* Room for a batch of n records. */
static int
md_bpf_batch(md_bpf_t *m, uint32_t n)
{
	char *k, *v;

	if ((k = realloc(m->dm_kbuf, (size_t)n * m->dm_ksize)) == NULL)
		return (-1);
	m->dm_kbuf = k;
	if ((v = realloc(m->dm_vbuf, (size_t)n * m->dm_vsize)) == NULL)
		return (-1);
	m->dm_vbuf = v;
	m->dm_batch = n;
	return (0);
}

/*
 * Can the kernel look a key up and delete it at once in these maps?  A
 * key no aggregation has (id 0) says: ENOENT if it can.
 */
static void
md_bpf_atomic(md_bpf_t *m)
{
	uint32_t cpu;

	(void) memset(m->dm_kbuf, 0, m->dm_ksize);
	for (cpu = 0; cpu < m->dm_ncpu && m->dm_cpu[cpu] < 0; cpu++)
		continue;
	m->dm_noatomic = cpu == m->dm_ncpu ||
	    md_bpf_elem(BPF_MAP_LOOKUP_AND_DELETE_ELEM, m->dm_cpu[cpu],
	    m->dm_kbuf, m->dm_take) == 0 || errno != ENOENT;
}

/* Each CPU's hash, by the ids the array holds; its sizes. */
static int
md_bpf_cpus(md_bpf_t *m, int aggs, uint32_t n)
{
	struct bpf_map_info mi;
	union bpf_attr a;
	uint32_t cpu, id;
	int found = 0;

	if ((m->dm_cpu = malloc(n * sizeof (int))) == NULL)
		return (-1);
	m->dm_ncpu = n;
	for (cpu = 0; cpu < n; cpu++) {
		m->dm_cpu[cpu] = -1;
		if (md_bpf_elem(BPF_MAP_LOOKUP_ELEM, aggs, &cpu, &id) != 0)
			continue;
		(void) memset(&a, 0, sizeof (a));
		a.map_id = id;
		if ((m->dm_cpu[cpu] = md_bpf(BPF_MAP_GET_FD_BY_ID, &a)) < 0 ||
		    found++ > 0)
			continue;
		if (md_bpf_info(m->dm_cpu[cpu], &mi) != 0 ||
		    mi.key_size < sizeof (uint32_t) ||
		    mi.value_size < 2 * sizeof (uint64_t))
			return (-1);
		m->dm_ksize = mi.key_size;
		m->dm_vsize = mi.value_size;
	}
	m->dm_stride = MD_BPF_ALIGN(m->dm_ksize) + MD_BPF_ALIGN(m->dm_vsize);
	return (found > 0 ? 0 : -1);
}

void
md_bpf_close(md_bpf_t *m)
{
	uint32_t cpu;

	if (m == NULL)
		return;
	for (cpu = 0; m->dm_cpu != NULL && cpu < m->dm_ncpu; cpu++) {
		if (m->dm_cpu[cpu] >= 0)
			(void) close(m->dm_cpu[cpu]);
	}
	free(m->dm_cpu);
	free(m->dm_drops);
	free(m->dm_agg);
	free(m->dm_kbuf);
	free(m->dm_vbuf);
	free(m->dm_recs);
	free(m->dm_slot);
	free(m->dm_take);
	free(m);
}

/*
 * After dtrace_go(): the maps found, as this process's descriptors, and
 * the table made; or, where anything is missing, NULL (the snapshot
 * serves).  libdtrace's own descriptors are not closed by md_bpf_close().
 */
md_bpf_t *
md_bpf_open(void)
{
	struct bpf_map_info ai, gi, ii;
	int aggs, gen, info;
	size_t ninfo;
	md_bpf_t *m;

	if (md_bpf_find(&aggs, &gen, &info) != 0 ||
	    md_bpf_info(aggs, &ai) != 0 || md_bpf_info(gen, &gi) != 0 ||
	    md_bpf_info(info, &ii) != 0 || gi.max_entries < 2 ||
	    ii.value_size < sizeof (md_bpf_cpuinfo_t) ||
	    (ninfo = md_bpf_possible()) == 0 ||
	    (m = calloc(1, sizeof (*m))) == NULL)
		return (NULL);
	m->dm_ninfo = ninfo;
	m->dm_info = info;	/* libdtrace's own: not closed here */
	m->dm_infosize = MD_BPF_ALIGN(ii.value_size);
	m->dm_naggs = gi.max_entries;
	if ((m->dm_drops = calloc(m->dm_ninfo, sizeof (uint64_t))) == NULL ||
	    (m->dm_agg = calloc(m->dm_naggs, sizeof (md_bpf_agg_t))) == NULL ||
	    md_bpf_cpus(m, aggs, ai.max_entries) != 0 ||
	    md_bpf_batch(m, MD_BPF_BATCH) != 0 ||
	    (m->dm_take = malloc(m->dm_vsize)) == NULL) {
		md_bpf_close(m);
		return (NULL);
	}
	md_hashkey_init(&m->dm_hkey);
	md_bpf_atomic(m);
	return (m);
}

/*
 * An aggregation's description, kept when a walk hands it over, and its
 * function (max and min merge as theirs, the others add up).
 */
void
md_bpf_learn(md_bpf_t *m, dtrace_aggdesc_t *ad, md_aggfn_t fn)
{
	if (ad->dtagd_varid >= m->dm_naggs)
		return;
	m->dm_agg[ad->dtagd_varid].ba_desc = ad;
	m->dm_agg[ad->dtagd_varid].ba_fn = fn;
	if (ad->dtagd_name != NULL && strcmp(ad->dtagd_name, MD_DT_BEGUN) == 0)
		m->dm_begun = ad->dtagd_varid;
}

/*
 * The first aggregation id after id that has no description yet, or 0
 * (all have); begun: MD_DT_BEGUN's, or 0 (not known yet).
 */
uint32_t
md_bpf_unknown(const md_bpf_t *m, uint32_t id, uint32_t *begun)
{
	*begun = m->dm_begun;
	while (++id < m->dm_naggs) {
		if (m->dm_agg[id].ba_desc == NULL)
			return (id);
	}
	return (0);
}

/*
 * A key's hash, for the table's slots: keyed (md_hash_keyed()), since any
 * user chooses the keys (a process's name), and with an unkeyed hash
 * (FNV-1a, once) chose names that all met in a few slots: 29,000 of them
 * kept a core busy reading each interval.
 */
static uint64_t
md_bpf_hash(const md_bpf_t *m, const char *p, size_t n)
{
	return (md_hash_keyed(&m->dm_hkey, p, n));
}

/* The table's slots doubled (or made), its records hashed again. */
static int
md_bpf_rehash(md_bpf_t *m)
{
	const dtrace_aggdesc_t *ad;
	size_t n = m->dm_nslot == 0 ? 1024 : m->dm_nslot * 2, i, s;
	uint32_t *slot, id;
	const char *r;

	if ((slot = calloc(n, sizeof (uint32_t))) == NULL)
		return (-1);
	for (i = 0; i < m->dm_nrecs; i++) {
		r = m->dm_recs + i * m->dm_stride;
		(void) memcpy(&id, r, sizeof (id));
		ad = m->dm_agg[id].ba_desc;
		for (s = md_bpf_hash(m, r, ad->dtagd_ksize) & (n - 1);
		    slot[s] != 0; s = (s + 1) & (n - 1))
			continue;
		slot[s] = (uint32_t)i + 1;
	}
	free(m->dm_slot);
	m->dm_slot = slot;
	m->dm_nslot = n;
	return (0);
}

/* A new record: the key and value as read. */
static int
md_bpf_append(md_bpf_t *m, size_t s, const char *key, const char *val)
{
	size_t n = m->dm_caprecs == 0 ? 1024 : m->dm_caprecs * 2;
	char *recs, *r;

	if (m->dm_nrecs == m->dm_caprecs) {
		if ((recs = realloc(m->dm_recs, n * m->dm_stride)) == NULL)
			return (-1);
		m->dm_recs = recs;
		m->dm_caprecs = n;
	}
	r = m->dm_recs + m->dm_nrecs * m->dm_stride;
	(void) memcpy(r, key, m->dm_ksize);
	(void) memcpy(r + MD_BPF_ALIGN(m->dm_ksize), val, m->dm_vsize);
	m->dm_slot[s] = (uint32_t)++m->dm_nrecs;
	return (0);
}

/* Another CPU's data into a record's: dt_aggregate.c's dt_agg_one_agg(). */
static void
md_bpf_combine(const md_bpf_agg_t *ag, char *dst, const char *src)
{
	const dtrace_recdesc_t *v = &ag->ba_desc->dtagd_drecs[1];
	size_t i, n = v->dtrd_size / sizeof (int64_t);
	int64_t d, s;

	for (i = 0; i < n; i++) {
		(void) memcpy(&d, dst + v->dtrd_offset + i * 8, 8);
		(void) memcpy(&s, src + v->dtrd_offset + i * 8, 8);
		if (ag->ba_fn == MD_AGG_MAX)
			d = s > d ? s : d;
		else if (ag->ba_fn == MD_AGG_MIN)
			d = s < d ? s : d;
		else
			d = (int64_t)((uint64_t)d + (uint64_t)s);
		(void) memcpy(dst + v->dtrd_offset + i * 8, &d, 8);
	}
}

/*
 * One record of a CPU's map into the table, as dt_aggregate_snap_one()
 * takes it: no data yet (generation 0), nothing; a key seen on another
 * CPU, combined (a later generation replaces, an earlier one is stale).
 */
static int
md_bpf_merge(md_bpf_t *m, const char *key, const char *val)
{
	const md_bpf_agg_t *ag;
	uint64_t dgen, rgen;
	size_t s, ks;
	uint32_t id;
	char *r;

	(void) memcpy(&id, key, sizeof (id));
	(void) memcpy(&dgen, val, sizeof (dgen));
	if (dgen == 0 || (id == m->dm_begun && id != 0))
		return (0);	/* no data yet; meta-d's own record */
	if (id >= m->dm_naggs || (ag = &m->dm_agg[id])->ba_desc == NULL) {
		m->dm_unknown = 1;
		return (0);
	}
	ks = ag->ba_desc->dtagd_ksize < m->dm_ksize ?
	    ag->ba_desc->dtagd_ksize : m->dm_ksize;
	if (2 * (m->dm_nrecs + 1) > m->dm_nslot && md_bpf_rehash(m) != 0)
		return (-1);
	for (s = md_bpf_hash(m, key, ks) & (m->dm_nslot - 1);
	    m->dm_slot[s] != 0; s = (s + 1) & (m->dm_nslot - 1)) {
		r = m->dm_recs + (m->dm_slot[s] - 1) * m->dm_stride;
		if (memcmp(r, key, ks) != 0)
			continue;
		r += MD_BPF_ALIGN(m->dm_ksize);
		(void) memcpy(&rgen, r, sizeof (rgen));
		if (dgen > rgen)
			(void) memcpy(r, val, m->dm_vsize);
		else if (dgen == rgen)
			md_bpf_combine(ag, r, val);
		return (0);
	}
	return (md_bpf_append(m, s, key, val));
}

/* One CPU's map, a key at a time: where batches are not to be had. */
static int
md_bpf_readslow(md_bpf_t *m, int fd)
{
	char *key = m->dm_kbuf, *next = m->dm_kbuf + m->dm_ksize;
	const char *prev = NULL;

	while (md_bpf_elem(BPF_MAP_GET_NEXT_KEY, fd, prev, next) == 0) {
		(void) memcpy(key, next, m->dm_ksize);
		prev = key;
		if (md_bpf_elem(BPF_MAP_LOOKUP_ELEM, fd, key,
		    m->dm_vbuf) != 0) {
			if (errno == ENOENT)
				continue;
			return (-1);
		}
		if (md_bpf_merge(m, key, m->dm_vbuf) != 0)
			return (-1);
	}
	return (errno == ENOENT ? 0 : -1);
}

/* One CPU's map, a batch at a time, into the table. */
static int
md_bpf_readmap(md_bpf_t *m, int fd)
{
	union bpf_attr a;
	uint64_t token = 0;
	uint32_t i;
	int first = 1, rv;

	if (m->dm_nobatch)
		return (md_bpf_readslow(m, fd));
	for (;;) {
		(void) memset(&a, 0, sizeof (a));
		a.batch.in_batch = first ? 0 : (uint64_t)(uintptr_t)&token;
		a.batch.out_batch = (uint64_t)(uintptr_t)&token;
		a.batch.keys = (uint64_t)(uintptr_t)m->dm_kbuf;
		a.batch.values = (uint64_t)(uintptr_t)m->dm_vbuf;
		a.batch.count = m->dm_batch;
		a.batch.map_fd = (uint32_t)fd;
		if ((rv = md_bpf(BPF_MAP_LOOKUP_BATCH, &a)) != 0 &&
		    errno == ENOSPC) {	/* a bucket holds more than a batch */
			if (md_bpf_batch(m, m->dm_batch * 2) != 0)
				return (-1);
			continue;
		}
		if (rv != 0 && errno != ENOENT) {
			if (!first || (errno != EINVAL &&
			    errno != MD_BPF_ENOTSUPP))
				return (-1);
			m->dm_nobatch = 1;
			return (md_bpf_readslow(m, fd));
		}
		for (i = 0; i < a.batch.count; i++) {
			if (md_bpf_merge(m, m->dm_kbuf + i * m->dm_ksize,
			    m->dm_vbuf + i * m->dm_vsize) != 0)
				return (-1);
		}
		if (rv != 0)
			return (0);	/* ENOENT: that batch was the last */
		first = 0;
	}
}

/*
 * Every CPU's map into the table.  Returns 1 when it serves, 0 when a
 * record had no description (read the snapshot), -1 on an error (errno
 * says).
 */
int
md_bpf_read(md_bpf_t *m)
{
	uint32_t cpu;

	m->dm_nrecs = 0;
	m->dm_unknown = 0;
	if (m->dm_slot != NULL)
		(void) memset(m->dm_slot, 0, m->dm_nslot * sizeof (uint32_t));
	for (cpu = 0; cpu < m->dm_ncpu; cpu++) {
		if (m->dm_cpu[cpu] >= 0 &&
		    md_bpf_readmap(m, m->dm_cpu[cpu]) != 0)
			return (-1);
	}
	return (!m->dm_unknown);
}

/* A record's key taken out of every CPU's map, as dt_aggwalk_remove(). */
static void
md_bpf_remove(md_bpf_t *m, const char *key)
{
	uint32_t cpu;

	for (cpu = 0; cpu < m->dm_ncpu; cpu++) {
		if (m->dm_cpu[cpu] >= 0)
			(void) md_bpf_elem(BPF_MAP_DELETE_ELEM, m->dm_cpu[cpu],
			    key, NULL);
	}
}

/* The maps emptied of what was read: tracing has stopped. */
void
md_bpf_empty(md_bpf_t *m)
{
	size_t i;

	for (i = 0; i < m->dm_nrecs; i++)
		md_bpf_remove(m, m->dm_recs + i * m->dm_stride);
}

/*
 * An idle record (r: its key, then its value) taken out of every CPU's
 * map, as atomically as the kernel allows: BPF_MAP_LOOKUP_AND_DELETE_ELEM
 * hands over each CPU's value as it is deleted, merged here into r's
 * value as md_bpf_merge() merges, so that events since the read are in
 * the value handed over last.  Where the kernel has no such call for hash
 * maps (before Linux 5.14: dm_noatomic), the key is deleted, and an
 * event between the read and the delete is lost: the idle key's own.
 */
static void
md_bpf_take(md_bpf_t *m, char *r, const md_bpf_agg_t *ag)
{
	char *val = r + MD_BPF_ALIGN(m->dm_ksize);
	uint64_t g, rg;
	uint32_t cpu;
	int got = 0;

	for (cpu = 0; cpu < m->dm_ncpu; cpu++) {
		if (m->dm_cpu[cpu] < 0)
			continue;
		if (m->dm_noatomic) {
			(void) md_bpf_elem(BPF_MAP_DELETE_ELEM, m->dm_cpu[cpu],
			    r, NULL);
			continue;
		}
		if (md_bpf_elem(BPF_MAP_LOOKUP_AND_DELETE_ELEM,
		    m->dm_cpu[cpu], r, m->dm_take) != 0)
			continue;	/* ENOENT: not on this CPU */
		(void) memcpy(&g, m->dm_take, sizeof (g));
		(void) memcpy(&rg, val, sizeof (rg));
		if (g == 0)
			continue;
		if (!got++ || g > rg)
			(void) memcpy(val, m->dm_take, m->dm_vsize);
		else if (g == rg)
			md_bpf_combine(ag, val, m->dm_take);
	}
}

/*
 * The table's records, as a walk of h's snapshot would hand them over,
 * each to cb, which returns MD_DT_NEXT, MD_DT_REMOVE or MD_DT_EVICT (the
 * record taken out of the maps, then handed over again, final), or -1;
 * once tracing has stopped, the maps are not touched (md_bpf_empty()
 * emptied them).  Returns 0, or -1: cb's.
 */
int
md_bpf_visit(md_bpf_t *m, dtrace_hdl_t *h, int stopped, md_bpf_rec_f *cb,
    void *arg)
{
	dtrace_aggdata_t a;
	uint32_t id;
	size_t i;
	char *r;
	int rv;

	for (i = 0; i < m->dm_nrecs; i++) {
		r = m->dm_recs + i * m->dm_stride;
		(void) memcpy(&id, r, sizeof (id));
		(void) memset(&a, 0, sizeof (a));
		a.dtada_hdl = h;
		a.dtada_desc = m->dm_agg[id].ba_desc;
		a.dtada_key = r;
		a.dtada_data = r + MD_BPF_ALIGN(m->dm_ksize);
		if ((rv = cb(&a, 0, arg)) < 0)
			return (-1);
		if (rv == MD_DT_REMOVE && !stopped)
			md_bpf_remove(m, r);
		if (rv != MD_DT_EVICT)
			continue;
		if (!stopped)
			md_bpf_take(m, r, &m->dm_agg[id]);
		if (cb(&a, 1, arg) < 0)
			return (-1);
	}
	return (0);
}

/*
 * Aggregation drops since the last call, said as libdtrace says them, to
 * the drop hook.
 */
void
md_bpf_drops(md_bpf_t *m, const md_dt_hooks_t *hooks)
{
	md_bpf_cpuinfo_t ci;
	uint32_t key = 0;
	char msg[80], *buf;
	uint64_t n;
	size_t cpu;

	if ((buf = malloc(m->dm_ninfo * m->dm_infosize)) == NULL)
		return;
	if (md_bpf_elem(BPF_MAP_LOOKUP_ELEM, m->dm_info, &key, buf) != 0) {
		free(buf);
		return;
	}
	for (cpu = 0; cpu < m->dm_ninfo; cpu++) {
		(void) memcpy(&ci, buf + cpu * m->dm_infosize, sizeof (ci));
		if (ci.ci_aggdrops <= m->dm_drops[cpu])
			continue;
		n = ci.ci_aggdrops - m->dm_drops[cpu];
		m->dm_drops[cpu] = ci.ci_aggdrops;
		(void) snprintf(msg, sizeof (msg), "%llu aggregation drop%s on "
		    "CPU %zu", (unsigned long long)n, n > 1 ? "s" : "", cpu);
		if (hooks->dh_drop != NULL)
			hooks->dh_drop(hooks->dh_arg, n, msg);
	}
	free(buf);
}
#else	/* illumos: its snapshot adds each record in linear time */
typedef int md_bpf_none_t;	/* nothing here (ISO C: no empty file) */
#endif
