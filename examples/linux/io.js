/*
 * Block I/O on Linux, as the original's JavaScript form: the gathered
 * fields share one store, per buffer, and everything that reads them is
 * made from that one place, so they cannot drift apart.
 */
var buffer = '[arg0]';		/* the I/O's key from io:::start to io:::done */
var gathered = {
	latency: 'timestamp',
	execname: 'execname'
};

var gather = {}, verify = {}, clean = {};
Object.keys(gathered).forEach(function (field) {
	gather[field] = { gather: gathered[field], store: 'global' + buffer };
	verify[field] = '$0' + buffer;
	clean[field] = '$0' + buffer;
});

register({
    module: 'disk',
    stat: 'ops',
    label: 'block I/O',
    description: 'Block device I/O on Linux: by device, operation and ' +
        'program, with latency and size. The start of each I/O is kept ' +
        'per buffer (arg0) until it is done.',
    units: { latency: 'nanoseconds', size: 'bytes' },
    os: [ 'linux' ],
    fields: [ 'device', 'operation', 'execname', 'latency', 'size' ],
    metad: {
        probedesc: [
            {
                probes: [ 'io:::start' ],
                gather: gather
            },
            {
                probes: [ 'io:::done' ],
                aggregate: {
                    default: 'count()',
                    device: 'count()',
                    operation: 'count()',
                    execname: 'count()',
                    latency: 'llquantize($0, 10, 3, 11, 100)',
                    size: 'quantize($0)'
                },
                transforms: {
                    device: 'args[1]->dev_statname',
                    operation: 'args[0]->b_flags & B_READ ? ' +
                        '"read" : "write"',
                    execname: '$0' + buffer,
                    latency: 'timestamp - $0' + buffer,
                    size: 'args[0]->b_bcount'
                },
                verify: verify
            },
            {
                probes: [ 'io:::done' ],
                clean: clean
            }
        ]
    }
});
