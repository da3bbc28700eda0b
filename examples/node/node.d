/*
 * node.d: the types and translators of Node.js' USDT provider "node", as
 * a D library: what dtrace -L DIR and meta-d -L DIR read, so that D over
 * the provider's probes can take their arguments apart (the example
 * metric node-http: meta-d --check --compile -L examples/node node-http).
 *
 * The provider hands each probe pointers into the traced process: a
 * connection (arg1 of http-server-request, arg0 of http-server-response)
 * and a request (arg0 of http-server-request).  Their structures are
 * declared here as a 64-bit node lays them out, strings as addresses in
 * that process; the translators copy each member in and give D's own
 * types, node_connection_t and node_http_request_t, whose members are
 * values and strings.  A 32-bit node's narrower layout is not declared.
 */

/* A connection, as node hands it. */
typedef struct node_dtrace_connection {
	int32_t		fd;		/* the socket */
	int32_t		port;		/* the remote port */
	uint64_t	remote;		/* the remote address: a C string */
	int32_t		buffered;	/* bytes queued to write */
} node_dtrace_connection_t;

/* A request, as the http-client and older http-server probes hand it. */
typedef struct node_dtrace_http_request {
	uint64_t	url;		/* C strings */
	uint64_t	method;
} node_dtrace_http_request_t;

/* A request, as the http-server-request probe hands it (versioned). */
typedef struct node_dtrace_http_server_request {
	union {
		uint32_t	version;
		uint64_t	unused;
	} _un;
	uint64_t	url;		/* C strings */
	uint64_t	method;
	uint64_t	forwardedFor;	/* X-Forwarded-For, or "" */
} node_dtrace_http_server_request_t;

/* What D reads: a connection. */
typedef struct node_connection {
	int		fd;
	string		remoteAddress;
	int		remotePort;
	int		bufferSize;
} node_connection_t;

/* What D reads: a request. */
typedef struct node_http_request {
	string		url;
	string		method;
	string		forwardedFor;
} node_http_request_t;

/*
 * Each string is an address in the process, read with copyin() and cast
 * to uintptr_t before copyinstr() (without the cast, libdtrace 2.0
 * crashes compiling an aggregation keyed by the member alone).
 */
translator node_connection_t < node_dtrace_connection_t *c > {
	fd = *(int32_t *)copyin((uintptr_t)&c->fd, sizeof (int32_t));
	remotePort = *(int32_t *)copyin((uintptr_t)&c->port,
	    sizeof (int32_t));
	remoteAddress = copyinstr((uintptr_t)*(uint64_t *)copyin(
	    (uintptr_t)&c->remote, sizeof (uint64_t)));
	bufferSize = *(int32_t *)copyin((uintptr_t)&c->buffered,
	    sizeof (int32_t));
};

translator node_http_request_t < node_dtrace_http_request_t *r > {
	url = copyinstr((uintptr_t)*(uint64_t *)copyin(
	    (uintptr_t)&r->url, sizeof (uint64_t)));
	method = copyinstr((uintptr_t)*(uint64_t *)copyin(
	    (uintptr_t)&r->method, sizeof (uint64_t)));
	forwardedFor = "";
};

translator node_http_request_t < node_dtrace_http_server_request_t *r > {
	url = copyinstr((uintptr_t)*(uint64_t *)copyin(
	    (uintptr_t)&r->url, sizeof (uint64_t)));
	method = copyinstr((uintptr_t)*(uint64_t *)copyin(
	    (uintptr_t)&r->method, sizeof (uint64_t)));
	forwardedFor = copyinstr((uintptr_t)*(uint64_t *)copyin(
	    (uintptr_t)&r->forwardedFor, sizeof (uint64_t)));
};
