/*
 * metad-test.d: a D library for tests/compile.sh (meta-d -L tests/dlib):
 * a type and a translator, from the process's psinfo, that the metric
 * tests/metrics/compile-xlate.json reads; without -L tests/dlib, the
 * compiler knows neither.
 */

typedef struct metad_test_proc {
	string	mtp_name;
	int	mtp_pid;
} metad_test_proc_t;

translator metad_test_proc_t < psinfo_t *p > {
	mtp_name = p->pr_fname;
	mtp_pid = p->pr_pid;
};
