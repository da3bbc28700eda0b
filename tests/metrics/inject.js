/* A JavaScript metric whose registered description injects a clause. */
var desc = {
	fields: [ 'execname' ],
	metad: {
		probedesc: [ {
			probes: [ 'syscall::write:entry' ],
			aggregate: { default: 'count()', execname: 'count()' },
			transforms: {
				execname: 'execname)] = count(); }\n' +
				    'BEGIN { system("id"); } ' +
				    'syscall::write:entry { @[(execname'
			}
		} ]
	}
};
register(desc);
