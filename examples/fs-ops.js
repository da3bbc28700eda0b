/*
 * DTrace metric for logical filesystem operations (illumos VFS), with the
 * probe lists built from the list of vnode operations.
 */
var ops = [ 'read', 'write', 'ioctl', 'getattr', 'lookup', 'create',
    'remove', 'readdir', 'fsync', 'open', 'close' ];

function probes(which)
{
	return (ops.map(function (op) {
		return (sprintf('fbt::fop_%s:%s', op, which));
	}));
}

register({
    module: 'fs',
    stat: 'logical_ops',
    label: 'logical filesystem operations',
    units: { latency: 'nanoseconds' },
    os: [ 'illumos' ],
    fields: [ 'hostname', 'zonename', 'pid', 'execname', 'fstype',
        'optype', 'latency' ],
    fields_internal: [ 'vnode', 'depth' ],
    metad: {
        locals: [
            { fstype: 'string' }
        ],
        probedesc: [
            {
                probes: probes('entry'),
                predicate: '$vnode0 == NULL',
                alwaysgather: {
                    vnode: { gather: 'arg0', store: 'thread' },
                    depth: { gather: 'stackdepth', store: 'thread' }
                },
                gather: {
                    latency: { gather: 'timestamp', store: 'thread' }
                }
            },
            {
                probes: probes('return'),
                local: [
                    { fstype: 'stringof(((vnode_t *)self->vnode0)->' +
                        'v_op->vnop_name)' }
                ],
                predicate: '$depth0 == stackdepth && $vnode0 != NULL',
                aggregate: {
                    default: 'count()',
                    hostname: 'count()',
                    zonename: 'count()',
                    pid: 'count()',
                    execname: 'count()',
                    fstype: 'count()',
                    optype: 'count()',
                    latency: 'llquantize($0, 10, 3, 11, 100)'
                },
                transforms: {
                    hostname: '$hostname',
                    zonename: 'zonename',
                    pid: 'lltostr(pid)',
                    execname: 'execname',
                    fstype: 'this->fstype',
                    optype: '(probefunc + 4)',
                    latency: 'timestamp - $0'
                },
                verify: {
                    vnode: '$0',
                    depth: '$0',
                    latency: '$0'
                }
            },
            {
                probes: probes('return'),
                predicate: '$depth0 == stackdepth',
                clean: {
                    vnode: '$0',
                    depth: '$0',
                    latency: '$0'
                }
            }
        ]
    }
});
