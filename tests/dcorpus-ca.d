/*
 * tests/dcorpus-ca.d: the rest of what the scripts of Cloud Analytics'
 * metrics (tests/dcorpus.index, ca/) take from illumos and its providers,
 * declared after tests/dtrace-illumos.d so that a dtrace on Linux judges
 * their D rather than the types it lacks: tests/dcorpus.sh compiles a
 * source's .prelude.d before each of its files, and for ca/ that is
 *
 *	cat tests/dtrace-illumos.d tests/dcorpus-ca.d > DIR/ca/.prelude.d
 *
 * Only the members the scripts use are declared.
 */

/* illumos' uio and proc (fs-rw_ops, fs-logical_ops, proc-* metrics) */
typedef struct ca_uio {
	uint64_t	uio_resid;
	union {
		int64_t	_f;
		struct {
			int32_t	_u;
			int32_t	_l;
		} _p;
	} _uio_offset;
} uio_t;

struct ca_user {
	char	u_comm[16];
	char	u_psargs[80];
};

typedef struct ca_proc {
	uint64_t	p_mstart;
	struct ca_proc	*p_parent;
	struct ca_user	p_user;
} proc_t;

/* Apache's USDT provider (apache-httpd_ops) and its translators */
typedef struct {
	uint64_t	dt_method;
	uint64_t	dt_uri;
	uint32_t	dt_rport;
	uint64_t	dt_raddr;
} dthttpd_t;

typedef struct {
	string		rq_method;
	string		rq_uri;
	uint16_t	rq_rport;
} httpd_rqinfo_t;

translator httpd_rqinfo_t <dthttpd_t *d> {
	rq_method = lltostr(d->dt_method);
	rq_uri = lltostr(d->dt_uri);
	rq_rport = d->dt_rport;
};

translator conninfo_t <dthttpd_t *d> {
	ci_remote = lltostr(d->dt_raddr);
};

/* dtrace refuses a program of declarations alone */
BEGIN
{
}
