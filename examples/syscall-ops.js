/*
 * DTrace metric for system calls by operation.
 */
register({
    module: 'syscall',
    stat: 'syscalls',
    label: 'system calls',
    units: { latency: 'nanoseconds' },
    os: [ 'illumos' ],
    fields: [ 'hostname', 'zonename', 'syscall', 'execname', 'psargs',
        'latency' ],
    metad: {
        probedesc: [
            {
                probes: [ 'syscall:::entry' ],
                gather: {
                    latency: { gather: 'timestamp', store: 'thread' }
                }
            },
            {
                probes: [ 'syscall:::return' ],
                aggregate: {
                    default: 'count()',
                    hostname: 'count()',
                    zonename: 'count()',
                    syscall: 'count()',
                    execname: 'count()',
                    psargs: 'count()',
                    latency: 'llquantize($0, 10, 3, 11, 100)'
                },
                transforms: {
                    hostname: '$hostname',
                    zonename: 'zonename',
                    syscall: 'probefunc',
                    execname: 'execname',
                    psargs: 'curpsinfo->pr_psargs',
                    latency: 'timestamp - $0'
                },
                verify: {
                    latency: '$0'
                }
            },
            {
                probes: [ 'syscall:::return' ],
                clean: {
                    latency: '$0'
                }
            }
        ]
    }
});
