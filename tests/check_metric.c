/*
 * check_metric.c: loading a metric, and one failing metric for every rule
 * of SPEC section 2 (and 7.4, 7.5).
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_md.h"

/* A metric with the given probedesc entries. */
#define	M(entries) \
	"{ 'fields': ['a', 'lat'], 'fields_internal': ['v'], " \
	"'metad': { 'probedesc': [" entries "] } }"

/* An entry that aggregates every public field. */
#define	AGG \
	"{ 'probes': ['p:::r'], 'aggregate': { 'default': 'count()', " \
	"'a': 'count()', 'lat': 'quantize($0)' }, " \
	"'transforms': { 'a': 'A', 'lat': 'timestamp - $0' } }"

#define	AGGV \
	"{ 'probes': ['p:::r'], 'aggregate': { 'default': 'count()', " \
	"'a': 'count()', 'lat': 'quantize($0)' }, " \
	"'transforms': { 'a': 'A', 'lat': 'timestamp - $0' }, " \
	"'verify': { 'lat': '$0' } }"

#define	GATHER \
	"{ 'probes': ['p:::e'], 'gather': { 'lat': { 'gather': 'timestamp', " \
	"'store': 'thread' } } }"

#define	CLEAN	"{ 'probes': ['p:::r'], 'clean': { 'lat': '$0' } }"

#define	VALID	M(GATHER "," AGGV "," CLEAN)

/* Gather a field with the given gather/store spec (lat). */
#define	G(spec) \
	M("{ 'probes': ['p:::e'], 'gather': { 'lat': " spec " } }," \
	AGGV "," CLEAN)

static const struct {
	const char	*b_name;
	const char	*b_metric;
	md_errcode_t	b_code;
	const char	*b_msg;
} bad[] = {
	/* JSON */
	{ "empty", "  \n ", MD_ERR_JSON, "empty document" },
	{ "syntax", "{ 'fields': [\n 'a',\n }", MD_ERR_JSON,
	    "JSON syntax error at line 3, column 2" },
	{ "trailing", VALID " {}", MD_ERR_JSON, "JSON syntax error" },
	{ "duplicate top", "{ 'fields': [], 'fields': [] }", MD_ERR_JSON,
	    "duplicate key \"fields\"" },
	{ "duplicate deep", M("{ 'probes': ['x'], 'aggregate': { 'default': "
	    "'c', 'default': 'd' } }"), MD_ERR_JSON,
	    "probedesc[0].aggregate: duplicate key \"default\"" },
	{ "duplicate ignored", "{ 'fields': [], 'x': { 'y': 1, 'y': 2 } }",
	    MD_ERR_JSON, "x: duplicate key \"y\"" },

	/* the top */
	{ "not object", "[1, 2]", MD_ERR_INVALID,
	    "the metric must be a JSON object" },
	{ "no fields", "{ 'metad': {} }", MD_ERR_INVALID, "fields: missing" },
	{ "fields in metad", "{ 'metad': { 'fields': [] } }", MD_ERR_INVALID,
	    "fields: missing (\"fields\" is under \"metad\": it belongs at "
	    "the top level)" },
	{ "fields misspelt", "{ 'field': [], 'metad': {} }", MD_ERR_INVALID,
	    "fields: missing (did you mean \"field\" to be \"fields\"?)" },
	{ "metad misspelt", "{ 'fields': [], 'meta-d': {} }", MD_ERR_INVALID,
	    "metad: missing (did you mean \"meta-d\" to be \"metad\"?)" },
	{ "fields object", "{ 'fields': {}, 'metad': {} }", MD_ERR_INVALID,
	    "fields: must be an array of strings" },
	{ "fields number", "{ 'fields': ['a', 1], 'metad': {} }",
	    MD_ERR_INVALID, "fields[1]: must be a string" },
	{ "internal", "{ 'fields': [], 'fields_internal': 'v', 'metad': {} }",
	    MD_ERR_INVALID, "fields_internal: must be an array of strings" },
	{ "internal true", "{ 'fields': [], 'fields_internal': true, "
	    "'metad': {} }", MD_ERR_INVALID, "fields_internal: must be an "
	    "array" },
	{ "internal item", "{ 'fields': [], 'fields_internal': [{}], "
	    "'metad': {} }", MD_ERR_INVALID, "fields_internal[0]: must be a "
	    "string" },
	{ "no metad", "{ 'fields': [] }", MD_ERR_INVALID, "metad: missing" },
	{ "metad array", "{ 'fields': [], 'metad': [] }", MD_ERR_INVALID,
	    "metad: must be an object" },
	{ "no probedesc", "{ 'fields': [], 'metad': {} }", MD_ERR_INVALID,
	    "metad.probedesc: missing" },
	{ "probedesc at the top", "{ 'fields': [], 'probedesc': [], "
	    "'metad': {} }", MD_ERR_INVALID, "metad.probedesc: missing "
	    "(\"probedesc\" is at the top level: it belongs under \"metad\")" },
	{ "probedesc misspelt", "{ 'fields': [], 'metad': { 'probdesc': "
	    "[] } }", MD_ERR_INVALID, "metad.probedesc: missing (did you mean "
	    "\"probdesc\" to be \"probedesc\"?)" },
	{ "empty probedesc", "{ 'fields': [], 'metad': { 'probedesc': [] } }",
	    MD_ERR_INVALID, "metad.probedesc: must be a non-empty array" },
	{ "probedesc object", "{ 'fields': [], 'metad': { 'probedesc': {} } }",
	    MD_ERR_INVALID, "metad.probedesc: must be a non-empty array" },
	{ "locals object", "{ 'fields': [], 'metad': { 'locals': {'a': 'int'},"
	    " 'probedesc': [] } }", MD_ERR_INVALID,
	    "metad.locals: must be an array" },
	{ "locals two keys", "{ 'fields': [], 'metad': { 'locals': [{'a': "
	    "'int', 'b': 'int'}], 'probedesc': [] } }", MD_ERR_INVALID,
	    "metad.locals[0]: must be an object with one key" },
	{ "locals no key", "{ 'fields': [], 'metad': { 'locals': [{}], "
	    "'probedesc': [] } }", MD_ERR_INVALID,
	    "metad.locals[0]: must be an object with one key" },
	{ "locals number", "{ 'fields': [], 'metad': { 'locals': [{'a': 1}], "
	    "'probedesc': [] } }", MD_ERR_INVALID,
	    "metad.locals[0]: must be an object with one key and a string" },
	{ "locals twice", "{ 'fields': [], 'metad': { 'locals': [{'a': 'int'},"
	    " {'a': 'string'}], 'probedesc': [] } }", MD_ERR_INVALID,
	    "metad.locals[1]: \"a\" is declared twice" },
	{ "locals name", "{ 'fields': [], 'metad': { 'locals': [{'a b': "
	    "'int'}], 'probedesc': [] } }", MD_ERR_INVALID,
	    "metad.locals[0]: \"a b\" is not a D identifier" },
	{ "pragmazone", "{ 'fields': [], 'metad': { 'usepragmazone': 'yes', "
	    "'probedesc': [] } }", MD_ERR_INVALID,
	    "metad.usepragmazone: must be true or false" },

	/* an entry */
	{ "entry string", M("'x'"), MD_ERR_INVALID,
	    "probedesc[0]: must be an object" },
	{ "unknown key", M(AGG ", { 'probes': ['x'], 'probe': 'y' }"),
	    MD_ERR_INVALID, "probedesc[1]: unknown key \"probe\" (did you "
	    "mean \"probes\"?)" },
	{ "unknown key, no likeness", M("{ 'probes': ['x'], 'zzz': 1 }"),
	    MD_ERR_INVALID, "probedesc[0]: unknown key \"zzz\"" },
	{ "misspelt key", M("{ 'probes': ['x'], 'transformations': {} }"),
	    MD_ERR_INVALID, "probedesc[0]: unknown key \"transformations\" "
	    "(did you mean \"transforms\"?)" },
	{ "key of metad in an entry", M("{ 'probes': ['x'], "
	    "'usepragmazone': true }"), MD_ERR_INVALID, "probedesc[0]: "
	    "unknown key \"usepragmazone\": it belongs under \"metad\"" },
	{ "top key in an entry", M("{ 'probes': ['x'], 'fields': [] }"),
	    MD_ERR_INVALID, "probedesc[0]: unknown key \"fields\": it "
	    "belongs at the top level" },
	{ "%0 for $0", M(GATHER ", { 'probes': ['p:::r'], 'aggregate': { "
	    "'default': 'count()', 'a': 'count()', 'lat': 'quantize(%0)' }, "
	    "'transforms': { 'a': 'A', 'lat': 'timestamp - $0' } }"),
	    MD_ERR_INVALID, "probedesc[1].aggregate.lat: \"%0\" is not "
	    "Meta-D: did you mean \"$0\"?" },
	{ "%12 in a transform", M("{ 'probes': ['x'], 'aggregate': { "
	    "'default': 'count()', 'a': 'count()' }, 'transforms': { 'a': "
	    "'x + %12' } }"), MD_ERR_INVALID, "probedesc[0].transforms.a: "
	    "\"%12\" is not Meta-D: did you mean \"$12\"?" },
	{ "%0 in a verify array", M(GATHER ", { 'probes': ['p:::r'], "
	    "'aggregate': { 'default': 'count()', 'a': 'count()', 'lat': "
	    "'quantize($0)' }, 'transforms': { 'a': 'A', 'lat': "
	    "'timestamp - $0' }, 'verify': { 'lat': ['$0', ' %0'] } }"),
	    MD_ERR_INVALID,
	    "probedesc[1].verify.lat: \"%0\" is not Meta-D: did you mean "
	    "\"$0\"?" },
	{ "%0 in a clean", M(GATHER ", { 'probes': ['p:::r'], 'clean': { "
	    "'lat': '%0' } }"), MD_ERR_INVALID, "probedesc[1].clean.lat: "
	    "\"%0\" is not Meta-D: did you mean \"$0\"?" },
	{ "no probes", M("{ 'clean': { 'lat': '$0' } }"), MD_ERR_INVALID,
	    "probedesc[0]: needs \"probes\"" },
	{ "probes string", M("{ 'probes': 'p:::e' }"), MD_ERR_INVALID,
	    "probedesc[0].probes: must be an array of strings" },
	{ "probes empty", M("{ 'probes': [] }"), MD_ERR_INVALID,
	    "probedesc[0].probes: must not be empty" },
	{ "probes number", M("{ 'probes': ['a', 2] }"), MD_ERR_INVALID,
	    "probedesc[0].probes[1]: must be a string" },
	{ "probes blank", M("{ 'probes': ['a', ''] }"), MD_ERR_INVALID,
	    "probedesc[0].probes[1]: must not be empty" },

	/* gather and alwaysgather */
	{ "gather array", M("{ 'probes': ['x'], 'gather': [] }"),
	    MD_ERR_INVALID, "probedesc[0].gather: must be an object" },
	{ "gather not field", M("{ 'probes': ['x'], 'gather': { 'b': "
	    "{ 'gather': 'x', 'store': 'thread' } } }"), MD_ERR_INVALID,
	    "probedesc[0].gather.b: \"b\" is not a field of the metric" },
	{ "alwaysgather not field", M("{ 'probes': ['x'], 'alwaysgather': "
	    "{ 'b': { 'gather': 'x', 'store': 'thread' } } }"),
	    MD_ERR_INVALID, "probedesc[0].alwaysgather.b: \"b\" is not a field" },
	{ "gather identifier", "{ 'fields': ['a-b'], 'metad': { 'probedesc': "
	    "[{ 'probes': ['x'], 'gather': { 'a-b': { 'gather': 'x', "
	    "'store': 'thread' } } }] } }", MD_ERR_INVALID,
	    "probedesc[0].gather.a-b: a gathered field must be a D "
	    "identifier" },
	{ "gather digit", "{ 'fields': ['1a'], 'metad': { 'probedesc': "
	    "[{ 'probes': ['x'], 'gather': { '1a': { 'gather': 'x', "
	    "'store': 'thread' } } }] } }", MD_ERR_INVALID,
	    "probedesc[0].gather.1a: a gathered field must be a D identifier" },
	{ "gather string", G("'timestamp'"), MD_ERR_INVALID,
	    "probedesc[0].gather.lat: must be an object with \"gather\" and "
	    "\"store\"" },
	{ "gather no store", G("{ 'gather': 'timestamp' }"), MD_ERR_INVALID,
	    "probedesc[0].gather.lat: must be an object with" },
	{ "gather mixed", G("{ 'gather': ['t'], 'store': 'thread' }"),
	    MD_ERR_INVALID, "probedesc[0].gather.lat: gather and store must "
	    "both be strings or both arrays of strings of the same length" },
	{ "gather lengths", G("{ 'gather': ['t', 'u'], 'store': ['thread'] }"),
	    MD_ERR_INVALID, "probedesc[0].gather.lat: gather and store must both be" },
	{ "gather empty", G("{ 'gather': [], 'store': [] }"), MD_ERR_INVALID,
	    "probedesc[0].gather.lat: gather and store must both be" },
	{ "gather number", G("{ 'gather': 1, 'store': 'thread' }"),
	    MD_ERR_INVALID, "probedesc[0].gather.lat: gather and store must both be" },
	{ "gather item", G("{ 'gather': ['t', 2], 'store': ['thread', "
	    "'global'] }"), MD_ERR_INVALID, "probedesc[0].gather.lat: gather and store must both be" },
	{ "store word", G("{ 'gather': 't', 'store': 'local' }"),
	    MD_ERR_INVALID, "probedesc[0].gather.lat: store \"local\" is not "
	    "thread, global, thread[INDEX] or global[INDEX]" },
	{ "store prefix", G("{ 'gather': 't', 'store': 'threads' }"),
	    MD_ERR_INVALID, "probedesc[0].gather.lat: store \"threads\" is not thread" },
	{ "store unclosed", G("{ 'gather': 't', 'store': 'global[arg0' }"),
	    MD_ERR_INVALID, "probedesc[0].gather.lat: store \"global[arg0\" is not" },
	{ "store after", G("{ 'gather': 't', 'store': 'global[arg0]x' }"),
	    MD_ERR_INVALID, "probedesc[0].gather.lat: store \"global[arg0]x\" is not" },
	{ "store space", G("{ 'gather': 't', 'store': 'global [arg0]' }"),
	    MD_ERR_INVALID, "probedesc[0].gather.lat: store \"global [arg0]\" is not" },
	{ "store array item", G("{ 'gather': ['t', 'u'], 'store': ['thread', "
	    "'tls'] }"), MD_ERR_INVALID, "probedesc[0].gather.lat: store \"tls\" is not" },

	/* local */
	{ "local object", M(AGG ", { 'probes': ['x'], 'local': { 'fd': '1' } }"),
	    MD_ERR_INVALID, "probedesc[1].local: must be a non-empty array" },
	{ "local empty", M(AGG ", { 'probes': ['x'], 'local': [] }"),
	    MD_ERR_INVALID, "probedesc[1].local: must be a non-empty array" },
	{ "local two keys", "{ 'fields': [], 'metad': { 'locals': [{'fd': "
	    "'int'}], 'probedesc': [{ 'probes': ['x'], 'local': [{'fd': '1', "
	    "'x': '2'}] }] } }", MD_ERR_INVALID, "probedesc[0].local[0]: must "
	    "be an object with one key and a string value" },
	{ "local number", "{ 'fields': [], 'metad': { 'locals': [{'fd': "
	    "'int'}], 'probedesc': [{ 'probes': ['x'], 'local': [{'fd': 1}] "
	    "}] } }", MD_ERR_INVALID, "probedesc[0].local[0]: must be an "
	    "object with one key" },
	{ "local undeclared", "{ 'fields': [], 'metad': { 'locals': [{'fd': "
	    "'int'}], 'probedesc': [{ 'probes': ['x'], 'local': [{'fd': '1'}, "
	    "{'sz': '2'}] }] } }", MD_ERR_INVALID, "probedesc[0].local[1]: "
	    "\"sz\" is not declared in metad.locals" },
	{ "local no locals", M("{ 'probes': ['x'], 'local': [{'fd': '1'}] }"),
	    MD_ERR_INVALID, "probedesc[0].local[0]: \"fd\" is not declared" },

	/* aggregate and transforms */
	{ "aggregate string", M("{ 'probes': ['x'], 'aggregate': 'count()' }"),
	    MD_ERR_INVALID, "probedesc[0].aggregate: must be an object" },
	{ "aggregate no default", M("{ 'probes': ['x'], 'aggregate': { 'a': "
	    "'count()' }, 'transforms': { 'a': 'A' } }"), MD_ERR_INVALID,
	    "probedesc[0].aggregate: needs a \"default\" key" },
	{ "aggregate no transforms", M("{ 'probes': ['x'], 'aggregate': { "
	    "'default': 'count()' } }"), MD_ERR_INVALID,
	    "probedesc[0].aggregate: requires transforms" },
	{ "transforms array", M("{ 'probes': ['x'], 'aggregate': { "
	    "'default': 'count()' }, 'transforms': [] }"), MD_ERR_INVALID,
	    "probedesc[0].transforms: must be an object" },
	{ "aggregate not field", M("{ 'probes': ['x'], 'aggregate': { "
	    "'default': 'count()', 'b': 'count()' }, 'transforms': { 'b': "
	    "'B' } }"), MD_ERR_INVALID, "probedesc[0].aggregate.b: \"b\" is "
	    "not a field of the metric" },
	{ "aggregate internal", M("{ 'probes': ['x'], 'aggregate': { "
	    "'default': 'count()', 'v': 'count()' }, 'transforms': { 'v': "
	    "'V' } }"), MD_ERR_INVALID, "probedesc[0].aggregate.v: internal "
	    "fields cannot be aggregated" },
	{ "aggregate no transform", M("{ 'probes': ['x'], 'aggregate': { "
	    "'default': 'count()', 'a': 'count()' }, 'transforms': {} }"),
	    MD_ERR_INVALID, "probedesc[0].aggregate.a: no transform for \"a\"" },
	{ "aggregate number", M("{ 'probes': ['x'], 'aggregate': { "
	    "'default': 1 }, 'transforms': {} }"), MD_ERR_INVALID,
	    "probedesc[0].aggregate.default: must be a string" },
	{ "aggregate array", M("{ 'probes': ['x'], 'aggregate': { "
	    "'default': ['count()'] }, 'transforms': {} }"), MD_ERR_INVALID,
	    "probedesc[0].aggregate.default: must be a string" },
	{ "transform number", M("{ 'probes': ['x'], 'aggregate': { "
	    "'default': 'count()', 'a': 'count()' }, 'transforms': { 'a': "
	    "7 } }"), MD_ERR_INVALID, "probedesc[0].transforms.a: must be a "
	    "string" },
	{ "transform extra", M("{ 'probes': ['x'], 'aggregate': { "
	    "'default': 'count()' }, 'transforms': { 'a': 'A' } }"),
	    MD_ERR_INVALID, "probedesc[0].transforms.a: \"a\" is not a key "
	    "of aggregate" },
	{ "transforms alone", M("{ 'probes': ['x'], 'transforms': { 'a': "
	    "'A' } }"), MD_ERR_INVALID, "probedesc[0].transforms: requires "
	    "aggregate" },

	/* verify */
	{ "verify alone", M(GATHER ", { 'probes': ['x'], 'verify': { 'lat': "
	    "'$0' } }"), MD_ERR_INVALID, "probedesc[1].verify: requires "
	    "aggregate" },
	{ "verify array", M(GATHER ", { 'probes': ['x'], 'verify': [] }"),
	    MD_ERR_INVALID, "probedesc[1].verify: must be an object" },
	{ "verify not gathered", M(AGGV), MD_ERR_INVALID,
	    "probedesc[0].verify.lat: \"lat\" is not gathered by this or an "
	    "earlier entry" },
	{ "verify gathered later", M(AGGV "," GATHER "," CLEAN),
	    MD_ERR_INVALID, "probedesc[0].verify.lat: \"lat\" is not "
	    "gathered" },
	{ "verify number", M(GATHER ", { 'probes': ['p:::r'], 'aggregate': { "
	    "'default': 'count()', 'a': 'count()', 'lat': 'c()' }, "
	    "'transforms': { 'a': 'A', 'lat': 'L' }, 'verify': { 'lat': 0 } }"
	    "," CLEAN), MD_ERR_INVALID, "probedesc[1].verify.lat: must be a "
	    "string or a non-empty array of strings" },
	{ "verify empty array", M(GATHER ", { 'probes': ['p:::r'], "
	    "'aggregate': { 'default': 'count()', 'a': 'count()', 'lat': "
	    "'c()' }, 'transforms': { 'a': 'A', 'lat': 'L' }, 'verify': { "
	    "'lat': [] } }," CLEAN), MD_ERR_INVALID,
	    "probedesc[1].verify.lat: must be a string or a non-empty array" },
	{ "verify array item", M(GATHER ", { 'probes': ['p:::r'], "
	    "'aggregate': { 'default': 'count()', 'a': 'count()', 'lat': "
	    "'c()' }, 'transforms': { 'a': 'A', 'lat': 'L' }, 'verify': { "
	    "'lat': ['$0', null] } }," CLEAN), MD_ERR_INVALID,
	    "probedesc[1].verify.lat[1]: must be a string" },

	/* clean */
	{ "clean empty", M(GATHER "," AGGV ", { 'probes': ['x'], 'clean': {} }"),
	    MD_ERR_INVALID, "probedesc[2].clean: must be a non-empty object" },
	{ "clean string", M(GATHER "," AGGV ", { 'probes': ['x'], 'clean': "
	    "'$0' }"), MD_ERR_INVALID, "probedesc[2].clean: must be a "
	    "non-empty object" },
	{ "clean not gathered", M(GATHER "," AGGV "," CLEAN ", { 'probes': "
	    "['x'], 'clean': { 'a': '$0' } }"), MD_ERR_INVALID,
	    "probedesc[3].clean.a: \"a\" is not gathered by this or an earlier "
	    "entry" },
	{ "clean number", M(GATHER "," AGGV ", { 'probes': ['x'], 'clean': { "
	    "'lat': 1 } }"), MD_ERR_INVALID, "probedesc[2].clean.lat: must be "
	    "a string or a non-empty array of strings" },

	/* a slip of the keyboard: what was likely meant */
	{ "meant: gather field", M("{ 'probes': ['x'], 'gather': { 'lta': "
	    "{ 'gather': 'x', 'store': 'thread' } } }"), MD_ERR_INVALID,
	    "probedesc[0].gather.lta: \"lta\" is not a field of the metric "
	    "(did you mean \"lat\"?)" },
	{ "meant: gather key", G("{ 'gathr': 'timestamp', 'store': 'thread' "
	    "}"), MD_ERR_INVALID, "probedesc[0].gather.lat: must be an object "
	    "with \"gather\" and \"store\" (\"gathr\": did you mean "
	    "\"gather\"?)" },
	{ "meant: store key", G("{ 'gather': 'timestamp', 'stroe': 'thread' "
	    "}"), MD_ERR_INVALID, "probedesc[0].gather.lat: must be an object "
	    "with \"gather\" and \"store\" (\"stroe\": did you mean "
	    "\"store\"?)" },
	{ "meant: store", G("{ 'gather': 't', 'store': 'thred' }"),
	    MD_ERR_INVALID, "probedesc[0].gather.lat: store \"thred\" is not "
	    "thread, global, thread[INDEX] or global[INDEX] (did you mean "
	    "\"thread\"?)" },
	{ "meant: aggregate field", M("{ 'probes': ['x'], 'aggregate': { "
	    "'default': 'count()', 'lta': 'count()' }, 'transforms': { 'lta': "
	    "'B' } }"), MD_ERR_INVALID, "probedesc[0].aggregate.lta: \"lta\" "
	    "is not a field of the metric (did you mean \"lat\"?)" },
	{ "meant: stray transform", M("{ 'probes': ['x'], 'aggregate': { "
	    "'default': 'count()', 'lat': 'count()' }, 'transforms': { 'lta': "
	    "'L' } }"), MD_ERR_INVALID, "probedesc[0].aggregate.lat: no "
	    "transform for \"lat\" (transforms has \"lta\": did you mean "
	    "\"lat\"?)" },
	{ "meant: transform of no aggregate", M("{ 'probes': ['x'], "
	    "'aggregate': { 'default': 'count()', 'lat': 'count()' }, "
	    "'transforms': { 'lat': 'L', 'lta': 'L' } }"), MD_ERR_INVALID,
	    "probedesc[0].transforms.lta: \"lta\" is not a key of aggregate "
	    "(did you mean \"lat\"?)" },
	{ "meant: verify", M(GATHER ", { 'probes': ['p:::r'], 'aggregate': { "
	    "'default': 'count()', 'a': 'count()', 'lat': 'c()' }, "
	    "'transforms': { 'a': 'A', 'lat': 'L' }, 'verify': { 'lta': '$0' "
	    "} }"), MD_ERR_INVALID, "probedesc[1].verify.lta: \"lta\" is not "
	    "gathered by this or an earlier entry (did you mean \"lat\"?)" },
	{ "meant: clean", M(GATHER "," AGGV ", { 'probes': ['x'], 'clean': { "
	    "'lta': '$0' } }"), MD_ERR_INVALID, "probedesc[2].clean.lta: "
	    "\"lta\" is not gathered by this or an earlier entry (did you "
	    "mean \"lat\"?)" },

	/* predicate */
	{ "predicate", M(AGG ", { 'probes': ['x'], 'predicate': true }"),
	    MD_ERR_INVALID, "probedesc[1].predicate: must be a string" },

	/* across entries */
	{ "no clean", M(GATHER "," AGGV), MD_ERR_INVALID,
	    "probedesc: fields are gathered but no entry has clean" },
	{ "no verify", M(GATHER "," AGG "," CLEAN), MD_ERR_INVALID,
	    "probedesc: fields are gathered but no entry has verify" },
	{ "never cleaned", "{ 'fields': ['a', 'lat'], 'fields_internal': "
	    "['v'], 'metad': { 'probedesc': [" GATHER ", { 'probes': ['x'], "
	    "'alwaysgather': { 'v': { 'gather': 'arg0', 'store': 'thread' } "
	    "} }," AGGV "," CLEAN "] } }", MD_ERR_INVALID,
	    "probedesc[1].alwaysgather.v: \"v\" is gathered but never "
	    "cleaned" },
	{ "no aggregate", M("{ 'probes': ['x'] }"), MD_ERR_INVALID,
	    "probedesc: no entry has aggregate" },
	{ "field not aggregated", "{ 'fields': ['a', 'b'], 'metad': { "
	    "'probedesc': [{ 'probes': ['x'], 'aggregate': { 'default': "
	    "'count()', 'a': 'count()' }, 'transforms': { 'a': 'A' } }] } }",
	    MD_ERR_INVALID, "fields[1]: \"b\" is not a key of any aggregate" },
};

START_TEST(metric_should_refuse_what_breaks_a_rule)
{
	const char *msg = t_metric_error(bad[_i].b_metric, bad[_i].b_code);

	ck_assert_msg(strncmp(msg, bad[_i].b_msg, strlen(bad[_i].b_msg)) == 0,
	    "%s: message \"%s\", expected \"%s\"", bad[_i].b_name, msg,
	    bad[_i].b_msg);
}
END_TEST

/* No "did you mean" where no name is near. */
START_TEST(metric_should_suggest_nothing_far)
{
	ck_assert_str_eq(t_metric_error(G("{ 'gather': 'timestamp', 'where': "
	    "'thread' }"), MD_ERR_INVALID), "probedesc[0].gather.lat: must be "
	    "an object with \"gather\" and \"store\"");
	ck_assert_str_eq(t_metric_error(G("{ 'gather': 't', 'store': "
	    "'stack' }"), MD_ERR_INVALID), "probedesc[0].gather.lat: store "
	    "\"stack\" is not thread, global, thread[INDEX] or global[INDEX]");
	ck_assert_str_eq(t_metric_error(M("{ 'probes': ['x'], 'aggregate': { "
	    "'default': 'count()', 'lat': 'count()' }, 'transforms': { "
	    "'zzzzz': 'L' } }"), MD_ERR_INVALID), "probedesc[0].aggregate.lat: "
	    "no transform for \"lat\"");
	ck_assert_str_eq(t_metric_error(M(GATHER "," AGGV ", { 'probes': "
	    "['x'], 'clean': { 'zzzzz': '$0' } }"), MD_ERR_INVALID),
	    "probedesc[2].clean.zzzzz: \"zzzzz\" is not gathered by this or "
	    "an earlier entry");
}
END_TEST

/* SPEC 7.11: a field in fields_internal is internal, in fields or not. */
START_TEST(metric_internal_should_win_over_public)
{
	md_metric_t *m = t_metric("{ 'fields': ['execname', 'zonename'], "
	    "'fields_internal': ['execname'], 'metad': { 'probedesc': [{ "
	    "'probes': ['x'], 'aggregate': { 'default': 'c()', 'zonename': "
	    "'c()' }, 'transforms': { 'zonename': 'zonename' } }] } }");

	/* it need not be aggregated, and is not among the public fields */
	ck_assert_uint_eq(md_metric_nfields(m), 1);
	ck_assert_str_eq(md_metric_field(m, 0), "zonename");
	ck_assert(!md_metric_has_field(m, "execname"));
	ck_assert(md_metric_isinternal(m, "execname"));
	ck_assert(!md_metric_isinternal(m, "zonename"));
	md_metric_free(m);

	/* and it may not be aggregated */
	ck_assert_str_eq(t_metric_error("{ 'fields': ['execname'], "
	    "'fields_internal': ['execname'], 'metad': { 'probedesc': [{ "
	    "'probes': ['x'], 'aggregate': { 'default': 'c()', 'execname': "
	    "'c()' }, 'transforms': { 'execname': 'execname' } }] } }",
	    MD_ERR_INVALID), "probedesc[0].aggregate.execname: internal "
	    "fields cannot be aggregated");
	/* the index of a public field not aggregated is its own */
	ck_assert_str_eq(t_metric_error("{ 'fields': ['v', 'a', 'b'], "
	    "'fields_internal': ['v'], 'metad': { 'probedesc': [{ "
	    "'probes': ['x'], 'aggregate': { 'default': 'c()', 'a': 'c()' }, "
	    "'transforms': { 'a': 'A' } }] } }", MD_ERR_INVALID),
	    "fields[2]: \"b\" is not a key of any aggregate");
}
END_TEST

/* SPEC 7.13: an empty gather or alwaysgather gathers nothing. */
START_TEST(metric_empty_gathers_should_ask_for_no_verify_or_clean)
{
	md_metric_t *m = t_metric(M("{ 'probes': ['e'], 'gather': {}, "
	    "'alwaysgather': {} }," AGG));

	ck_assert_uint_eq(m->mm_maxgathered, 0);
	ck_assert_uint_eq(m->mm_pds[0]->pd_ngather, 0);
	ck_assert_uint_eq(m->mm_pds[0]->pd_nalways, 0);
	md_metric_free(m);
}
END_TEST

/*
 * SPEC 7.14: names the original's JavaScript objects treated specially
 * are names like any other, and keys keep the order they are written in,
 * integer-like or not.
 */
START_TEST(metric_should_treat_javascript_names_as_names)
{
	md_metric_t *m = t_metric("{ 'fields': ['toString', '__proto__', "
	    "'constructor', '10', '2'], 'metad': { 'probedesc': [" \
	    "{ 'probes': ['e'], 'gather': { '__proto__': { 'gather': 'arg0', "
	    "'store': 'thread' } } }, { 'probes': ['x'], 'aggregate': { "
	    "'10': 'c()', 'default': 'c()', '2': 'c()', 'toString': 'c()', "
	    "'__proto__': 'q($0)', 'constructor': 'c()' }, 'transforms': { "
	    "'2': 'T2', '10': 'T10', 'constructor': 'C', 'toString': 'S', "
	    "'__proto__': '$0' }, 'verify': { '__proto__': '$0' } }, "
	    "{ 'probes': ['r'], 'clean': { '__proto__': '$0' } }] } }");
	const md_map_t *agg = &m->mm_pds[1]->pd_aggregate;

	ck_assert_str_eq(agg->ma_pairs[0].pr_key, "10");
	ck_assert_str_eq(agg->ma_pairs[2].pr_key, "2");
	ck_assert_str_eq(m->mm_pds[1]->pd_transforms.ma_pairs[0].pr_key, "2");
	ck_assert_str_eq(md_metric_field(m, 3), "10");
	ck_assert(md_metric_has_field(m, "toString"));
	ck_assert(!md_metric_has_field(m, "hasOwnProperty"));
	md_metric_free(m);
}
END_TEST

START_TEST(metric_should_load_a_valid_metric)
{
	md_metric_t *m = t_metric(VALID);

	ck_assert_uint_eq(md_metric_nfields(m), 2);
	ck_assert_str_eq(md_metric_field(m, 0), "a");
	ck_assert_str_eq(md_metric_field(m, 1), "lat");
	ck_assert_ptr_null(md_metric_field(m, 2));
	ck_assert(md_metric_has_field(m, "a"));
	ck_assert(md_metric_has_field(m, "lat"));
	ck_assert(!md_metric_has_field(m, "v"));	/* internal */
	ck_assert(!md_metric_has_field(m, "b"));
	ck_assert_uint_eq(m->mm_npds, 3);
	ck_assert_uint_eq(m->mm_maxgathered, 1);
	ck_assert_str_eq(m->mm_pds[0]->pd_gather[0].mg_names[0], "self->lat0");
	ck_assert_str_eq(m->mm_pds[0]->pd_gather[0].mg_index[0], "");
	ck_assert(!m->mm_pragmazone);
	ck_assert(!m->mm_haslocals);
	md_metric_free(m);
	md_metric_free(NULL);
}
END_TEST

START_TEST(metric_should_name_variables_from_the_store)
{
	md_metric_t *m = t_metric(G("{ 'gather': ['t', 'u', 'w'], 'store': "
	    "['thread', 'global[pid,arg0]', 'thread[tid]'] }"));
	const md_gather_t *g = &m->mm_pds[0]->pd_gather[0];

	ck_assert_uint_eq(g->mg_n, 3);
	ck_assert_str_eq(g->mg_names[0], "self->lat0");
	ck_assert_str_eq(g->mg_index[0], "");
	ck_assert_str_eq(g->mg_names[1], "lat1");
	ck_assert_str_eq(g->mg_index[1], "[pid,arg0]");
	ck_assert_str_eq(g->mg_names[2], "self->lat2");
	ck_assert_str_eq(g->mg_index[2], "[tid]");
	ck_assert_str_eq(g->mg_exprs[1], "u");
	md_metric_free(m);
}
END_TEST

/* null, false, 0 and "" mean "no internal fields", as in the original. */
START_TEST(metric_should_treat_falsy_internal_fields_as_none)
{
	static const char *const falsy[] = { "null", "false", "0", "''" };
	char text[1024];
	size_t i;

	for (i = 0; i < 4; i++) {
		md_metric_t *m;

		(void) snprintf(text, sizeof (text), "{ 'fields': ['a'], "
		    "'fields_internal': %s, 'metad': { 'locals': null, "
		    "'usepragmazone': null, 'probedesc': [{ 'probes': ['x'], "
		    "'aggregate': { 'default': 'c()', 'a': 'c()' }, "
		    "'transforms': { 'a': 'A' } }] } }", falsy[i]);
		m = t_metric(text);
		ck_assert_uint_eq(m->mm_ninternal, 0);
		ck_assert(!m->mm_haslocals);
		md_metric_free(m);
	}
}
END_TEST

START_TEST(metric_should_ignore_keys_it_does_not_use)
{
	md_metric_t *m = t_metric("{ 'module': 'syscall', 'stat': 'ops', "
	    "'label': 'system calls', 'fields': ['a'], 'metad': { 'note': 1, "
	    "'usepragmazone': true, 'probedesc': [{ 'probes': ['x'], "
	    "'aggregate': { 'default': 'c()', 'a': 'c()' }, "
	    "'transforms': { 'a': 'A' } }] } }");

	ck_assert(m->mm_pragmazone);
	ck_assert_str_eq(md_metric_module(m), "syscall");
	ck_assert_str_eq(md_metric_label(m), "system calls");
	ck_assert_ptr_null(md_metric_description(m));
	md_metric_free(m);
}
END_TEST

/* The remainder operator, and '%' in strings, are D: no "%N" error. */
START_TEST(metric_should_take_percent_as_remainder)
{
	md_metric_t *m = t_metric(M("{ 'probes': ['x'], 'aggregate': { "
	    "'default': 'count()', 'a': 'count()', 'lat': 'count()' }, "
	    "'transforms': { 'a': '(pid) %2 + timestamp %1000', "
	    "'lat': 'strjoin(\\\"(%0\\\", execname)' } }"));

	md_metric_free(m);
}
END_TEST

/*
 * Meta-D's keys at another level are ignored, as the language says, and
 * warned of; other tools' keys are not; a description is kept.
 */
START_TEST(metric_should_warn_of_keys_out_of_place)
{
	md_metric_t *m = t_metric("{ 'module': 'm', 'label': 'l', "
	    "'description': 'What it counts.\\nMore.', 'fields': ['a'], "
	    "'usepragmazone': true, 'gather': {}, 'metad': { 'note': 1, "
	    "'fields': [], 'usepragmazones': true, 'probes': [], "
	    "'probedesc': [{ 'probes': ['x'], 'aggregate': { 'default': "
	    "'c()', 'a': 'c()' }, 'transforms': { 'a': 'A' } }] } }");

	ck_assert_uint_eq(md_metric_nwarnings(m), 5);
	ck_assert_str_eq(md_metric_warning(m, 0), "usepragmazone: ignored at "
	    "the top level: it belongs under \"metad\"");
	ck_assert_str_eq(md_metric_warning(m, 1), "gather: ignored at the top "
	    "level: it belongs in a probedesc entry");
	ck_assert_str_eq(md_metric_warning(m, 2), "metad.fields: ignored: it "
	    "belongs at the top level");
	ck_assert_str_eq(md_metric_warning(m, 3), "metad.usepragmazones: "
	    "ignored: did you mean \"usepragmazone\"?");
	ck_assert_str_eq(md_metric_warning(m, 4), "metad.probes: ignored: it "
	    "belongs in a probedesc entry");
	ck_assert_ptr_null(md_metric_warning(m, 5));
	ck_assert(!m->mm_pragmazone);
	ck_assert_str_eq(md_metric_description(m), "What it counts.\nMore.");
	md_metric_free(m);

	m = t_metric(VALID);
	ck_assert_uint_eq(md_metric_nwarnings(m), 0);
	ck_assert_ptr_null(md_metric_description(m));
	md_metric_free(m);
}
END_TEST

/* A warning is one line, as metad.h promises: what it quotes escaped. */
START_TEST(metric_warnings_should_escape_what_they_quote)
{
	md_metric_t *m = t_metric("{ 'fields': ['a'], 'metad': { "
	    "'usepragmazone\\n\\u001b[2J': true, 'probedesc': [{ 'probes': "
	    "['x'], 'aggregate': { 'default': 'c()', 'a': 'c()' }, "
	    "'transforms': { 'a': 'A' } }] } }");

	ck_assert_uint_eq(md_metric_nwarnings(m), 1);
	ck_assert_str_eq(md_metric_warning(m, 0), "metad.usepragmazone\\012"
	    "\\033[2J: ignored: did you mean \"usepragmazone\"?");
	md_metric_free(m);
}
END_TEST

/* At most MD_MAXWARNINGS are kept: here 11 keys out of place. */
START_TEST(metric_warnings_should_be_bounded)
{
	md_metric_t *m = t_metric("{ 'fields': ['a'], 'metad': { "
	    "'probes': 1, 'gather': 1, 'alwaysgather': 1, 'local': 1, "
	    "'aggregate': 1, 'transforms': 1, 'predicate': 1, 'clean': 1, "
	    "'verify': 1, 'fields': 1, 'fields_internal': 1, "
	    "'probedesc': [{ 'probes': ['x'], 'aggregate': { 'default': "
	    "'c()', 'a': 'c()' }, 'transforms': { 'a': 'A' } }] } }");

	ck_assert_int_eq(MD_MAXWARNINGS, 8);
	ck_assert_uint_eq(md_metric_nwarnings(m), MD_MAXWARNINGS);
	ck_assert_str_eq(md_metric_warning(m, MD_MAXWARNINGS - 1),
	    "metad.clean: ignored: it belongs in a probedesc entry");
	md_metric_free(m);
}
END_TEST

START_TEST(metric_should_accept_verify_and_clean_from_earlier_entries)
{
	md_metric_t *m = t_metric(M(GATHER "," AGG ", " AGGV "," CLEAN));

	ck_assert_uint_eq(m->mm_npds, 4);
	ck_assert(m->mm_pds[2]->pd_verify.ma_present);
	ck_assert(!m->mm_pds[1]->pd_verify.ma_present);
	md_metric_free(m);
}
END_TEST

START_TEST(metric_should_keep_key_order)
{
	md_metric_t *m = t_metric("{ 'fields': ['z', 'a', 'm'], 'metad': { "
	    "'probedesc': [{ 'probes': ['x'], 'aggregate': { 'm': 'c()', "
	    "'default': 'c()', 'z': 'c()', 'a': 'c()' }, 'transforms': { "
	    "'z': 'Z', 'm': 'M', 'a': 'A' } }] } }");
	const md_map_t *agg = &m->mm_pds[0]->pd_aggregate;

	ck_assert_str_eq(agg->ma_pairs[0].pr_key, "m");
	ck_assert_str_eq(agg->ma_pairs[1].pr_key, "default");
	ck_assert_str_eq(agg->ma_pairs[2].pr_key, "z");
	ck_assert_str_eq(m->mm_pds[0]->pd_transforms.ma_pairs[1].pr_key, "m");
	ck_assert_str_eq(md_map_get(agg, "z")->msv_v[0], "c()");
	ck_assert_ptr_null(md_map_get(agg, "q"));
	md_metric_free(m);
}
END_TEST

/* Maps of more than a few keys are indexed; lookups must agree. */
START_TEST(metric_maps_should_find_every_key_when_indexed)
{
	char text[8192], *o = text;
	md_metric_t *m;
	const md_map_t *xf;
	size_t i;

	o += sprintf(o, "{ 'fields': [");
	for (i = 0; i < 40; i++)
		o += sprintf(o, "%s'f%zu'", i ? ", " : "", i);
	o += sprintf(o, "], 'metad': { 'probedesc': [{ 'probes': ['x'], "
	    "'aggregate': { 'default': 'c()'");
	for (i = 0; i < 40; i++)
		o += sprintf(o, ", 'f%zu': 'c%zu()'", i, i);
	o += sprintf(o, " }, 'transforms': {");
	for (i = 0; i < 40; i++)
		o += sprintf(o, "%s'f%zu': 'T%zu'", i ? ", " : "", i, i);
	(void) sprintf(o, " } }] } }");

	m = t_metric(text);
	xf = &m->mm_pds[0]->pd_transforms;
	ck_assert_ptr_nonnull(xf->ma_index);
	for (i = 0; i < 40; i++) {
		char key[16], want[16];

		(void) snprintf(key, sizeof (key), "f%zu", i);
		(void) snprintf(want, sizeof (want), "T%zu", i);
		ck_assert_str_eq(md_map_get(xf, key)->msv_v[0], want);
	}
	ck_assert_ptr_null(md_map_get(xf, "f40"));
	md_metric_free(m);
}
END_TEST

START_TEST(metric_load_should_read_only_the_given_length)
{
	const char *text = q(VALID "garbage");
	md_error_t err;
	md_metric_t *m;

	m = md_metric_load(text, strlen(text) - 7, &err);
	ck_assert_msg(m != NULL, "%s", err.mde_msg);
	md_metric_free(m);
}
END_TEST

START_TEST(metric_load_should_refuse_nul_bytes)
{
	const char text[] = "{ \"fields\": [\"a\0b\"] }";
	md_error_t err;

	ck_assert_ptr_null(md_metric_load(text, sizeof (text) - 1, &err));
	ck_assert_int_eq(err.mde_code, MD_ERR_JSON);
	ck_assert_str_eq(err.mde_msg, "JSON syntax error at line 1, column 16: "
	    "NUL byte");
}
END_TEST

START_TEST(metric_load_should_refuse_input_over_the_limit)
{
	md_error_t err;

	/* The limit is checked before the text is read. */
	ck_assert_ptr_null(md_metric_load("{}", MD_MAXINPUT + 1, &err));
	ck_assert_int_eq(err.mde_code, MD_ERR_LIMIT);
	ck_assert_str_eq(err.mde_msg, "the metric is larger than the limit of "
	    "64 MiB");
}
END_TEST

/* A metric of n fields, n entries or n probes, built as text. */
static char *
t_big_metric(size_t nfields, size_t nentries, size_t nprobes)
{
	size_t cap = 64 * (nfields + nentries + nprobes) + 4096, i;
	char *text = malloc(cap), *o = text;

	ck_assert_ptr_nonnull(text);
	o += sprintf(o, "{ \"fields\": [\"a\"], \"fields_internal\": [");
	for (i = 1; i < nfields; i++)
		o += sprintf(o, "%s\"f%zu\"", i > 1 ? ", " : "", i);
	o += sprintf(o, "], \"metad\": { \"probedesc\": [");
	o += sprintf(o, "{ \"probes\": [\"p\"");
	for (i = 1; i < nprobes; i++)
		o += sprintf(o, ", \"p%zu\"", i);
	o += sprintf(o, "], \"aggregate\": { \"default\": \"c()\", "
	    "\"a\": \"c()\" }, \"transforms\": { \"a\": \"A\" } }");
	for (i = 1; i < nentries; i++)
		o += sprintf(o, ", { \"probes\": [\"x\"] }");
	(void) sprintf(o, "] } }");
	return (text);
}

static void
t_big(size_t nfields, size_t nentries, size_t nprobes, const char *msg)
{
	char *text = t_big_metric(nfields, nentries, nprobes);
	md_error_t err;
	md_metric_t *m = md_metric_load(text, strlen(text), &err);

	if (msg == NULL) {
		ck_assert_msg(m != NULL, "%s", err.mde_msg);
	} else {
		ck_assert_ptr_null(m);
		ck_assert_int_eq(err.mde_code, MD_ERR_LIMIT);
		ck_assert_str_eq(err.mde_msg, msg);
	}
	md_metric_free(m);
	free(text);
}

START_TEST(metric_should_hold_up_to_its_limits)
{
	t_big(MD_MAXFIELDS, 1, 1, NULL);
	t_big(1, MD_MAXENTRIES, 1, NULL);
	t_big(1, 1, MD_MAXPROBES, NULL);
}
END_TEST

START_TEST(metric_should_refuse_what_is_past_its_limits)
{
	t_big(MD_MAXFIELDS + 1, 1, 1, t_fmt("fields: more than %d fields, "
	    "public and internal", MD_MAXFIELDS));
	t_big(1, MD_MAXENTRIES + 1, 1, t_fmt("metad.probedesc: more than %d "
	    "entries", MD_MAXENTRIES));
	t_big(1, 1, MD_MAXPROBES + 1, t_fmt("probedesc[0].probes: more than "
	    "%d probes", MD_MAXPROBES));
}
END_TEST

Suite *
metric_suite(void)
{
	Suite *s = suite_create("metric");
	TCase *tc = tcase_create("metric");

	tcase_add_loop_test(tc, metric_should_refuse_what_breaks_a_rule, 0,
	    (int)(sizeof (bad) / sizeof (bad[0])));
	tcase_add_test(tc, metric_should_load_a_valid_metric);
	tcase_add_test(tc, metric_internal_should_win_over_public);
	tcase_add_test(tc, metric_should_suggest_nothing_far);
	tcase_add_test(tc,
	    metric_empty_gathers_should_ask_for_no_verify_or_clean);
	tcase_add_test(tc, metric_should_treat_javascript_names_as_names);
	tcase_add_test(tc, metric_should_name_variables_from_the_store);
	tcase_add_test(tc, metric_should_treat_falsy_internal_fields_as_none);
	tcase_add_test(tc, metric_should_ignore_keys_it_does_not_use);
	tcase_add_test(tc, metric_should_take_percent_as_remainder);
	tcase_add_test(tc, metric_should_warn_of_keys_out_of_place);
	tcase_add_test(tc, metric_warnings_should_be_bounded);
	tcase_add_test(tc, metric_warnings_should_escape_what_they_quote);
	tcase_add_test(tc,
	    metric_should_accept_verify_and_clean_from_earlier_entries);
	tcase_add_test(tc, metric_should_keep_key_order);
	tcase_add_test(tc, metric_maps_should_find_every_key_when_indexed);
	tcase_add_test(tc, metric_load_should_read_only_the_given_length);
	tcase_add_test(tc, metric_load_should_refuse_nul_bytes);
	tcase_add_test(tc, metric_load_should_refuse_input_over_the_limit);
	tcase_add_test(tc, metric_should_hold_up_to_its_limits);
	tcase_add_test(tc, metric_should_refuse_what_is_past_its_limits);
	suite_add_tcase(s, tc);
	return (s);
}
