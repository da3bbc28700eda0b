/*
 * tests/dtrace-illumos.d: what the illumos examples take from illumos that
 * a dtrace on Linux does not have, declared so that the rest of each
 * script can be compiled there.  Without these, Linux's dtrace reads a
 * cast to a type it does not know as a syntax error.  The D checker's
 * corpus (tests/dcorpus.sh) compiles Cloud Analytics' scripts after it
 * and tests/dcorpus-ca.d; make check-dtrace asks --compile for the
 * refusals by tag instead (tests/compile.sh).
 *
 * Only the members the examples use are declared, and only their shape
 * matters: the scripts are compiled, never run, on Linux.
 */

/* illumos' vnode and its operations vector (fs-ops.json) */
struct vnodeops {
	char	*vnop_name;
};

struct vnode {
	struct vnodeops	*v_op;
	char		*v_path;
};

typedef struct vnode vnode_t;

/*
 * Node.js' USDT provider (node-http.json): the structures its probes pass,
 * as pointers in the traced process, and translators that copy them in,
 * after the provider's library node.d on illumos.  Its strings are copied
 * with copyinstr(); here they are the pointers' values in decimal, because
 * Oracle's DTrace 2.0.1 crashes (SIGSEGV) compiling a script that traces a
 * translated member made with copyinstr().
 */
typedef struct {
	int32_t		fd;
	int32_t		port;
	uint64_t	remote;
	int32_t		buffered;
} node_dtrace_connection_t;

typedef struct {
	int32_t		fd;
	string		remoteAddress;
	int32_t		remotePort;
	int32_t		bufferSize;
} node_connection_t;

translator node_connection_t <node_dtrace_connection_t *c> {
	fd = *(int32_t *)copyin((uintptr_t)&c->fd, sizeof (int32_t));
	remoteAddress = lltostr(*(uint64_t *)copyin((uintptr_t)&c->remote,
	    sizeof (uint64_t)));
	remotePort = *(int32_t *)copyin((uintptr_t)&c->port,
	    sizeof (int32_t));
	bufferSize = *(int32_t *)copyin((uintptr_t)&c->buffered,
	    sizeof (int32_t));
};

typedef struct {
	uint64_t	url;
	uint64_t	method;
	uint64_t	forwardedFor;
} node_dtrace_http_request_t;

typedef struct {
	string		url;
	string		method;
	string		forwardedFor;
} node_http_request_t;

translator node_http_request_t <node_dtrace_http_request_t *r> {
	url = lltostr(*(uint64_t *)copyin((uintptr_t)&r->url,
	    sizeof (uint64_t)));
	method = lltostr(*(uint64_t *)copyin((uintptr_t)&r->method,
	    sizeof (uint64_t)));
	forwardedFor = lltostr(*(uint64_t *)copyin(
	    (uintptr_t)&r->forwardedFor, sizeof (uint64_t)));
};

/* dtrace refuses a program of declarations alone */
BEGIN
{
}
