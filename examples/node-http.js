/*
 * DTrace metric for node.js http operations
 */
var conn0 = '((xlate <node_connection_t *>' +
    '((node_dtrace_connection_t *)arg0))->';
var req0 = '((xlate <node_http_request_t *>' +
    '((node_dtrace_http_request_t *)arg0))->';

register({
    module: 'node',
    stat: 'httpd_ops',
    label: 'HTTP server operations',
    units: { latency: 'nanoseconds' },
    os: [ 'illumos', 'linux' ],
    fields: [ 'hostname', 'zonename', 'pid', 'execname', 'psargs', 'ppid',
        'pexecname', 'ppsargs', 'http_method', 'http_url', 'raddr', 'rport',
        'http_path', 'http_origin', 'latency' ],
    metad: {
        locals: [
            { fd: 'int' }
        ],
        probedesc: [
            {
                probes: [ 'node*:::http-server-request' ],
                gather: {
                        http_url: {
                                gather: req0 + 'url)',
                                store: 'global[pid,this->fd]'
                        }, http_method: {
                                gather: req0 + 'method)',
                                store: 'global[pid,this->fd]'
                        }, latency: {
                                gather: 'timestamp',
                                store: 'global[pid,this->fd]'
                        }, http_path: {
                                gather: 'strtok((xlate ' +
                                    '<node_http_request_t *> (' +
                                    '(node_dtrace_http_request_t *)' +
                                    'arg0))->url, "?")',
                                store: 'global[pid,this->fd]'
                        }, http_origin: {
                                gather: req0 + 'forwardedFor)',
                                store: 'global[pid,this->fd]'
                        }
                },
                local: [ {
                        fd: '(xlate <node_connection_t *>' +
                            '((node_dtrace_connection_t *)arg1))->fd'
                } ]
            },
            {
                probes: [ 'node*:::http-server-response' ],
                local: [ {
                        fd: conn0 + 'fd)'
                } ],
                aggregate: {
                        http_url: 'count()',
                        http_method: 'count()',
                        raddr: 'count()',
                        rport: 'count()',
                        latency: 'llquantize($0, 10, 3, 11, 100)',
                        hostname: 'count()',
                        default: 'count()',
                        zonename: 'count()',
                        ppid: 'count()',
                        execname: 'count()',
                        http_origin: 'count()',
                        psargs: 'count()',
                        pid: 'count()',
                        http_path: 'count()',
                        ppsargs: 'count()',
                        pexecname: 'count()'
                },
                transforms: {
                        http_url: '$0[pid,this->fd]',
                        http_method: '$0[pid,this->fd]',
                        hostname: '$hostname',
                        raddr: conn0 + 'remoteAddress)',
                        rport: 'lltostr(' + conn0 + 'remotePort))',
                        latency: 'timestamp - $0[pid,this->fd]',
                        zonename: 'zonename',
                        pid: 'lltostr(pid)',
                        ppid: 'lltostr(ppid)',
                        execname: 'execname',
                        psargs: 'curpsinfo->pr_psargs',
                        http_path: '$0[pid,this->fd]',
                        ppsargs:
                            'curthread->t_procp->p_parent->p_user.u_psargs',
                        pexecname: 'curthread->t_procp->p_parent->' +
                            'p_user.u_comm',
                        http_origin: 'strlen($0[pid,this->fd]) == 0 ? ' +
                            conn0 + 'remoteAddress) : ' +
                            'strtok($0[pid,this->fd], ",")'
                },
                verify: {
                        http_url: '$0[pid,' + conn0 + 'fd)]',
                        latency: '$0[pid,' + conn0 + 'fd)]',
                        http_method: '$0[pid,' + conn0 + 'fd)]',
                        /*
                         * The origin that we gather can actually be the empty
                         * string, but we don't want to skip this probe.
                         */
                        http_origin: '1',
                        http_path: '$0[pid,' + conn0 + 'fd)]'
                }
            },
            {
                probes: [ 'node*:::http-server-response' ],
                local: [ {
                        fd: conn0 + 'fd)'
                } ],
                clean: {
                        http_url: '$0[pid,this->fd]',
                        http_method: '$0[pid,this->fd]',
                        latency: '$0[pid,this->fd]',
                        http_origin: '$0[pid,this->fd]',
                        http_path: '$0[pid,this->fd]'
                }
            }
        ],
        usepragmazone: true
    }
});
