/*
 * drefused.h: D programs dtrace refuses, and what each checker says of
 * them.
 *
 * Each case is a whole program, what md_dparse() says of it ("LINE:COLUMN:
 * MESSAGE", tests/check_dparse.c) and what Oracle's DTrace for Linux says
 * of it ("[TAG] line N: MESSAGE", dtrace -xerrtags -e -Z -s, its first
 * line without "dtrace: failed to compile script FILE: ").  The unit tests
 * hold meta-d to the first; make check-ddiff (tests/ddiff.sh, through
 * tests/dcases) compiles every case with a real dtrace and holds it to the
 * second, and both to the same line, so that no case here is one dtrace
 * would take.  The messages are dtrace's where it has words for the fault.
 */

#ifndef	DREFUSED_H
#define	DREFUSED_H

typedef struct t_drefused {
	const char	*r_in;		/* the program */
	const char	*r_out;		/* md_dparse()'s verdict */
	const char	*r_dtrace;	/* dtrace's */
} t_drefused_t;

static const t_drefused_t t_drefused[] = {
	{ "",
	    "1:1: empty D program translation unit",
	    "[D_EMPTY] line 1: empty D program translation unit" },
	{ "/* nothing */\n",
	    "2:1: empty D program translation unit",
	    "[D_EMPTY] line 2: empty D program translation unit" },
	{ "BEGIN",
	    "1:1: expected predicate and/or actions following probe "
	    "description",
	    "[D_SYNTAX] line 1: expected predicate and/or actions following "
	    "probe description" },
	{ "syscall:::return\nthis\n\t@ = count();\n}",
	    "1:1: expected predicate and/or actions following probe "
	    "description",
	    "[D_SYNTAX] line 1: expected predicate and/or actions following "
	    "probe description" },
	{ "BEGIN\n/x/\nfoo",
	    "3:4: syntax error near end of input",
	    "[D_SYNTAX] line 3: syntax error near end-of-input" },
	{ "BEGIN\n/x/\n;",
	    "2:3: expected actions { } following probe description and "
	    "predicate",
	    "[D_SYNTAX] line 2: expected actions { } following probe "
	    "description and predicate" },
	{ "BEGIN { x = (1 + 2; }",
	    "1:19: syntax error near ';'",
	    "[D_SYNTAX] line 1: syntax error near \";\"" },
	{ "BEGIN { x = 1 + ; }",
	    "1:17: syntax error near ';'",
	    "[D_SYNTAX] line 1: syntax error near \";\"" },
	{ "BEGIN { x = 1 }}",
	    "1:16: syntax error near '}'",
	    "[D_SYNTAX] line 1: syntax error near \"}\"" },
	{ "BEGIN { x = 1;",
	    "1:15: syntax error near end of input",
	    "[D_SYNTAX] line 1: syntax error near end of input" },
	{ "BEGIN {};",
	    "1:9: syntax error near ';'",
	    "[D_SYNTAX] line 1: syntax error near \";\"" },
	{ "BEGIN { @ = count().\n}\n",
	    "1:20: syntax error near end of input",
	    "[D_SYNTAX] line 1: syntax error near end of input" },
	{ "BEGIN /(x == 1/ { }",
	    "1:17: closing ) expected in predicate before /",
	    "[D_SYNTAX] line 1: closing ) expected in predicate before /" },
	{ "BEGIN /x[1/\n{ }",
	    "2:1: closing ] expected in predicate before /",
	    "[D_SYNTAX] line 2: closing ] expected in predicate before /" },
	{ "BEGIN { x = (a /\n; }",
	    "2:1: closing ) expected in predicate before /",
	    "[D_SYNTAX] line 2: closing ) expected in predicate before /" },
	{ "BEGIN { x = 1); }",
	    "1:14: extra ) in input stream",
	    "[D_SYNTAX] line 1: extra ) in input stream" },
	{ "BEGIN { x = a[1]]; }",
	    "1:17: extra ] in input stream",
	    "[D_SYNTAX] line 1: extra ] in input stream" },
	{ "BEGIN\n/x/\n/\n{ }",
	    "2:3: expected actions { } following probe description and "
	    "predicate",
	    "[D_SYNTAX] line 2: expected actions { } following probe "
	    "description and predicate" },
	{ "BEGIN\n/x +/\n{ }",
	    "3:1: syntax error near '/'",
	    "[D_SYNTAX] line 3: syntax error near \"/\"" },
	{ "BEGIN { x = (a + b) = 1; (1) = 2; }",
	    "1:21: operator = requires modifiable lvalue as an operand",
	    "[D_IDENT_UNDEF] line 1: failed to resolve a: Unknown variable "
	    "name" },
	{ "BEGIN { x = (int *y)0; }",
	    "1:19: syntax error near 'y'",
	    "[D_SYNTAX] line 1: syntax error near \"y)0; }\"" },
	{ "BEGIN { printf(return, 1); }",
	    "1:16: syntax error near 'return'",
	    "[D_SYNTAX] line 1: syntax error near \"return\"" },
	{ "return int x;",
	    "1:1: expected predicate and/or actions following probe "
	    "description",
	    "[D_SYNTAX] line 1: expected predicate and/or actions following "
	    "probe description" },
	{ "1.5::openat:entry { }",
	    "1:1: expected predicate and/or actions following probe "
	    "description",
	    "[D_SYNTAX] line 1: expected predicate and/or actions following "
	    "probe description" },
	{ "BEGIN { x = 08; }",
	    "1:13: constant 08 contains invalid digit 8",
	    "[D_INT_DIGIT] line 1: constant 08 contains invalid digit 8" },
	{ "BEGIN { x = 0x12345678123456781; }",
	    "1:13: constant 0x12345678123456781 results in integer overflow",
	    "[D_INT_OFLOW] line 1: constant 0x12345678123456781 results in "
	    "integer overflow" },
	{ "BEGIN { x = 1.5; }",
	    "1:13: floating-point constants are not permitted",
	    "[D_SYNTAX] line 1: floating-point constants are not permitted" },
	{ "BEGIN { x = \"a\n\"; }",
	    "2:1: newline encountered in string literal",
	    "[D_STR_NL] line 2: newline encountered in string literal" },
	{ "BEGIN { x = 'a\n'; }",
	    "2:1: newline encountered in character constant",
	    "[D_CHR_NL] line 2: newline encountered in character constant" },
	{ "BEGIN { x = ''; }",
	    "1:13: empty character constant",
	    "[D_CHR_NULL] line 1: empty character constant" },
	{ "BEGIN { x = '123456789'; }",
	    "1:13: character constant is too long",
	    "[D_CHR_OFLOW] line 1: character constant is too long" },
	{ "BEGIN { x = 1; /* a\n",
	    "2:1: end-of-file encountered before matching */",
	    "[D_SYNTAX] line 2: end-of-file encountered before matching */" },
	{ "BEGIN { /* a /* b */ }",
	    "1:14: /* encountered inside a comment",
	    "[D_SYNTAX] line 1: /* encountered inside a comment" },
	{ "BEGIN { x = \"a\" \"b\"; }",
	    "1:17: syntax error near '\"b\"'",
	    "[D_SYNTAX] line 1: syntax error near \"\"b\"\"" },
	{ "BEGIN { x = 1 +* 2 # 3; }",
	    "1:20: syntax error near '#'",
	    "[D_SYNTAX] line 1: syntax error near \"#\"" },
	{ "BEGIN { @[] = count(); }",
	    "1:11: syntax error near ']'",
	    "[D_SYNTAX] line 1: syntax error near \"]\"" },
	{ "BEGIN { if x { } }",
	    "1:12: syntax error near 'x'",
	    "[D_SYNTAX] line 1: syntax error near \"if\"" },
	{ "BEGIN { int = 1; }",
	    "1:9: syntax error near 'int'",
	    "[D_SYNTAX] line 1: syntax error near \"int\"" },
	{ "#pragma D option\nBEGIN {}",
	    "1:1: malformed #pragma option <option>=<val>",
	    "[D_PRAGMA_MALFORM] line 1: malformed #pragma option "
	    "<option>=<val>" },
	{ "#pragma D frobnicate\nBEGIN {}",
	    "1:1: invalid D pragma: frobnicate",
	    "[D_PRAGMA_INVAL] line 1: invalid D pragma: frobnicate" },
	{ "#error stop here\nBEGIN {}",
	    "1:1: #error: stop here",
	    "[D_PRAGERR] line 1: #error: stop here " },
	{ "#define X 1\nBEGIN {}",
	    "1:1: invalid control directive: #define",
	    "[D_PRAGCTL_INVAL] line 1: invalid control directive: #define" },
	/* a backslash before a newline in a literal escapes nothing */
	{ "BEGIN { x = \"a\\\n\"; }\n",
	    "1:13: syntax error near '\"'",
	    "[D_SYNTAX] line 1: syntax error near \"\"\"" },
	{ "BEGIN\n{\n\tx = 'a\\\n';\n}\n",
	    "3:6: syntax error near '''",
	    "[D_SYNTAX] line 3: syntax error near \"'\"" },
	/* "//" is no comment in D that no preprocessor read (issue 23) */
	{ "BEGIN //\n{ exit(0); }\n",
	    "2:1: syntax error near '/'",
	    "[D_SYNTAX] line 2: syntax error near \"/\"" },
	{ "BEGIN { exit(0); } // done\n",
	    "1:20: syntax error near '/'",
	    "[D_SYNTAX] line 1: syntax error near \"/\"" },
	{ "BEGIN\n{\n\tx = 1; // one\n}\n",
	    "3:10: syntax error near '/'",
	    "[D_SYNTAX] line 3: syntax error near \"// one\"" },
	{ "// a comment\nBEGIN { exit(0); }\n",
	    "1:1: syntax error near '/'",
	    "[D_SYNTAX] line 1: syntax error near \"/\"" },
	{ "BEGIN /x // y\n/ { }\n",
	    "1:10: expected actions { } following probe description and "
	    "predicate",
	    "[D_SYNTAX] line 1: expected actions { } following probe "
	    "description and predicate" },
	{ "BEGIN { x = 1 // 2\n; }\n",
	    "1:16: syntax error near '/'",
	    "[D_SYNTAX] line 1: syntax error near \"// 2\"" },
	/* a '/' of a clause: dtrace names the line it has read up to */
	{ "io:::done\n//\n\t@[args[1]->dev_statname] = count();\n}\n",
	    "3:2: syntax error near '/'",
	    "[D_SYNTAX] line 3: syntax error near \"/\"" },
	{ "BEGIN {}\n/\n/\n",
	    "2:1: syntax error near '/'",
	    "[D_SYNTAX] line 2: syntax error near \"/\"" },
	/*
	 * probe descriptions dtrace cannot take apart, and probe numbers no
	 * system has (issue 23)
	 */
	{ "a:b:c:d:x { }\n",
	    "1:1: invalid probe description \"a:b:c:d:x\": Overspecified "
	    "probe description",
	    "[D_PDESC_INVAL] line 1: invalid probe description \"a:b:c:d:x\": "
	    "Overspecified probe description" },
	{ "a:b:c:d: { }\n",
	    "1:1: invalid probe description \"a:b:c:d:\": Overspecified probe "
	    "description",
	    "[D_PDESC_INVAL] line 1: invalid probe description \"a:b:c:d:\": "
	    "Overspecified probe description" },
	{ "BEGIN,\nsyscall::read:entry:x\n{ }\n",
	    "2:1: invalid probe description \"syscall::read:entry:x\": "
	    "Overspecified probe description",
	    "[D_PDESC_INVAL] line 2: invalid probe description "
	    "\"syscall::read:entry:x\": Overspecified probe description" },
	{ "a$:b:c:d:e { }\n",
	    "1:1: invalid probe description \"a$:b:c:d:e\": Undefined macro "
	    "variable in probe description",
	    "[D_PDESC_INVAL] line 1: invalid probe description "
	    "\"a$:b:c:d:e\": Undefined macro variable in probe description" },
	{ "syscall::read$:entry { }\n",
	    "1:1: invalid probe description \"syscall::read$:entry\": "
	    "Undefined macro variable in probe description",
	    "[D_PDESC_INVAL] line 1: invalid probe description "
	    "\"syscall::read$:entry\": Undefined macro variable in probe "
	    "description" },
	{ "syscall::$foo:entry { }\n",
	    "1:1: invalid probe description \"syscall::$foo:entry\": "
	    "Undefined macro variable in probe description",
	    "[D_PDESC_INVAL] line 1: invalid probe description "
	    "\"syscall::$foo:entry\": Undefined macro variable in probe "
	    "description" },
	{ "syscall::$$:entry { }\n",
	    "1:1: invalid probe description \"syscall::$$:entry\": Undefined "
	    "macro variable in probe description",
	    "[D_PDESC_INVAL] line 1: invalid probe description "
	    "\"syscall::$$:entry\": Undefined macro variable in probe "
	    "description" },
	{ "syscall::$target$pid:entry { }\n",
	    "1:1: invalid probe description \"syscall::$target$pid:entry\": "
	    "Undefined macro variable in probe description",
	    "[D_PDESC_INVAL] line 1: invalid probe description "
	    "\"syscall::$target$pid:entry\": Undefined macro variable in "
	    "probe description" },
	{ "BEGIN { }\n0 { }\n",
	    "2:1: invalid probe identifier 0: Unknown probe identifier",
	    "[D_PDESC_INVAL] line 2: invalid probe identifier 0: Unknown "
	    "probe identifier" },
	{ "4294967296 { }\n",
	    "1:1: identifier 4294967296 exceeds maximum probe id",
	    "[D_PDESC_INVAL] line 1: identifier 4294967296 exceeds maximum "
	    "probe id" },
	{ "0x100000000, BEGIN { }\n",
	    "1:1: identifier 4294967296 exceeds maximum probe id",
	    "[D_PDESC_INVAL] line 1: identifier 4294967296 exceeds maximum "
	    "probe id" },
	/*
	 * declarators whose keys are types by name, or a size (issue 23):
	 * "[1, 2]" is no size, and no reading takes "[uint32_t r r]"
	 */
	{ "int x[uint32_t r r];\nBEGIN {}\n",
	    "1:18: syntax error near 'r'",
	    "[D_SYNTAX] line 1: syntax error near \"r\"" },
	{ "int x[1, 2];\nBEGIN {}\n",
	    "1:8: syntax error near ','",
	    "[D_SYNTAX] line 1: syntax error near \",\"" },
	{ "int x[int r, ];\nBEGIN {}\n",
	    "1:14: syntax error near ']'",
	    "[D_SYNTAX] line 1: syntax error near \"]\"" },
	{ "int x[..., int];\nBEGIN {}\n",
	    "1:10: syntax error near ','",
	    "[D_SYNTAX] line 1: syntax error near \",\"" },
	{ "inline int f[uint32_t a\n\tb] = 1;\nBEGIN {}\n",
	    "2:2: syntax error near 'b'",
	    "[D_SYNTAX] line 2: syntax error near \"b\"" },
	{ "self int x[uint32_t *, *];\nBEGIN {}\n",
	    "1:24: syntax error near '*'",
	    "[D_SYNTAX] line 1: syntax error near \"*\"" },
	{ "int x[uint32_t];\nint z[uint32_t *;\nBEGIN {}\n",
	    "2:17: syntax error near ';'",
	    "[D_SYNTAX] line 2: syntax error near \";\"" },
	{ "int x[self int];\nBEGIN {}\n",
	    "1:12: syntax error near 'int'",
	    "[D_SYNTAX] line 1: syntax error near \"int\"" },
	{ "int a[...];\nBEGIN {}\n",
	    "1:7: array prototype may not use a variable-length argument list",
	    "[D_DECL_PROTO_VARARGS] line 1: array prototype may not use a "
	    "variable-length argument list" },
	{ "BEGIN {}\nint b[int,\n\t...\n];\n",
	    "3:2: array prototype may not use a variable-length argument list",
	    "[D_DECL_PROTO_VARARGS] line 3: array prototype may not use a "
	    "variable-length argument list" },
	/* a keyword where the grammar wants a name (DT_TOK_IDENT) */
	{ "BEGIN\n{\n\tprintf(\"%d\\n\", offsetof(struct if, y));\n}\n",
	    "3:33: syntax error near 'if'",
	    "[D_SYNTAX] line 3: syntax error near \"if\"" },
	{ "this struct translator bar;\nBEGIN {}\n",
	    "1:13: syntax error near 'translator'",
	    "[D_SYNTAX] line 1: syntax error near \"translator\"" },
	{ "BEGIN { i = (unsigned enum short int)0; }\n",
	    "1:28: syntax error near 'short'",
	    "[D_SYNTAX] line 1: syntax error near \"short\"" },
	{ "xlate int a1[];\nBEGIN {}\n",
	    "1:1: expected predicate and/or actions following probe "
	    "description",
	    "[D_SYNTAX] line 1: expected predicate and/or actions following "
	    "probe description" },
	{ "struct s { int a; };\nBEGIN { trace(offsetof(struct s, else)); }\n",
	    "2:34: syntax error near 'else'",
	    "[D_SYNTAX] line 2: syntax error near \"else\"" },
	{ "enum e { A, if };\nBEGIN {}\n",
	    "1:13: syntax error near 'if'",
	    "[D_SYNTAX] line 1: syntax error near \"if\"" },
	{ "translator struct s < int *sizeof > { a = 1; };\nBEGIN {}\n",
	    "1:28: syntax error near 'sizeof'",
	    "[D_SYNTAX] line 1: syntax error near \"sizeof\"" },
	{ "provider do { probe p(int); };\n",
	    "1:10: syntax error near 'do'",
	    "[D_SYNTAX] line 1: syntax error near \"do\"" },
	{ "provider p { probe while(int); };\n",
	    "1:20: syntax error near 'while'",
	    "[D_SYNTAX] line 1: syntax error near \"while\"" },
	{ "translator struct s < int *p > { char = 1; };\nBEGIN {}\n",
	    "1:34: syntax error near 'char'",
	    "[D_SYNTAX] line 1: syntax error near \"char\"" },
	/*
	 * control lines as dt_lex.l reads them and dt_pragma.c applies them
	 * (issue 23)
	 */
	{ "#pragma D option quiet",
	    "1:23: end-of-file encountered before end of control line",
	    "[D_SYNTAX] line 1: end-of-file encountered before end of control "
	    "line" },
	{ "BEGIN { exit(0); }\n#pragma D option quiet",
	    "2:23: end-of-file encountered before end of control line",
	    "[D_SYNTAX] line 2: end-of-file encountered before end of control "
	    "line" },
	{ "#pragma D attributes Foo/Bar/Baz x\nBEGIN {}\n",
	    "1:22: invalid attributes specified by #pragma attributes",
	    "[D_PRAGMA_INVAL] line 1: invalid attributes specified by #pragma "
	    "attributes" },
	{ "#pragma D attributes Stable\nBEGIN {}\n",
	    "1:1: malformed #pragma attributes <attributes> <ident>",
	    "[D_PRAGMA_MALFORM] line 1: malformed #pragma attributes "
	    "<attributes> <ident>" },
	{ "#pragma D attributes \"Stable\" x\nBEGIN {}\n",
	    "1:1: malformed #pragma attributes <attributes> <ident>",
	    "[D_PRAGMA_MALFORM] line 1: malformed #pragma attributes "
	    "<attributes> <ident>" },
	{ "#pragma D attributes Stable/Stable/Common/Stable x\nBEGIN {}\n",
	    "1:22: invalid attributes specified by #pragma attributes",
	    "[D_PRAGMA_INVAL] line 1: invalid attributes specified by #pragma "
	    "attributes" },
	{ "#pragma D attributes Stable//Common x\nBEGIN {}\n",
	    "1:22: invalid attributes specified by #pragma attributes",
	    "[D_PRAGMA_INVAL] line 1: invalid attributes specified by #pragma "
	    "attributes" },
	{ "#pragma D binding 1.0 x\nBEGIN {}\n",
	    "1:1: malformed #pragma binding \"version\" <ident>",
	    "[D_PRAGMA_MALFORM] line 1: malformed #pragma binding \"version\" "
	    "<ident>" },
	{ "BEGIN {}\n#pragma D binding \"1.x\" x\n",
	    "2:19: invalid version string specified by #pragma binding",
	    "[D_PRAGMA_INVAL] line 2: invalid version string specified by "
	    "#pragma binding" },
	{ "BEGIN {}\n#pragma D binding \"1.2.3.4\" x\n",
	    "2:19: invalid version string specified by #pragma binding",
	    "[D_PRAGMA_INVAL] line 2: invalid version string specified by "
	    "#pragma binding" },
	{ "BEGIN {}\n#pragma D binding \"256.0\" x\n",
	    "2:19: invalid version string specified by #pragma binding",
	    "[D_PRAGMA_INVAL] line 2: invalid version string specified by "
	    "#pragma binding" },
	{ "#pragma D depends_on library procfs.d\nBEGIN {}\n",
	    "1:22: main program may not explicitly depend on a library",
	    "[D_PRAGMA_DEPEND] line 1: main program may not explicitly depend "
	    "on a library" },
	{ "#pragma D depends_on provider \"syscall\"\nBEGIN {}\n",
	    "1:1: malformed #pragma depends_on <class> <name>",
	    "[D_PRAGMA_MALFORM] line 1: malformed #pragma depends_on <class> "
	    "<name>" },
	{ "BEGIN {}\n#pragma D depends_on system x\n",
	    "2:22: invalid class system specified by #pragma depends_on",
	    "[D_PRAGMA_INVAL] line 2: invalid class system specified by "
	    "#pragma depends_on" },
	{ "#line\nBEGIN {}\n",
	    "1:1: malformed #line <line> [ [\"file\"] state ]",
	    "[D_PRAGMA_MALFORM] line 1: malformed #line <line> [ [\"file\"] "
	    "state ]" },
	{ "#line 5 foo\nBEGIN {}\n",
	    "1:1: malformed #line <line> [ [\"file\"] state ]",
	    "[D_PRAGMA_MALFORM] line 1: malformed #line <line> [ [\"file\"] "
	    "state ]" },
	{ "BEGIN {}\n# 5 \"f.d\" x\n",
	    "3:1: malformed #line <line> [ [\"file\"] state ]",
	    "[D_PRAGMA_MALFORM] line 3: malformed #line <line> [ [\"file\"] "
	    "state ]" },
	{ "# 08\nBEGIN {}\n",
	    "1:3: constant 08 contains invalid digit 8",
	    "[D_INT_DIGIT] line 1: constant 08 contains invalid digit 8" },
	{ "BEGIN {}\n#pragma D option x 99999999999999999999999\n",
	    "2:20: constant 99999999999999999999999 results in integer "
	    "overflow",
	    "[D_INT_OFLOW] line 2: constant 99999999999999999999999 results "
	    "in integer overflow" },
	{ "#pragma \"x\"\nBEGIN {}\n",
	    "2:1: invalid control directive",
	    "[D_PRAGCTL_INVAL] line 2: invalid control directive" },
	{ "#pragma D option \"quiet\nBEGIN {}\n",
	    "2:1: newline encountered in string literal",
	    "[D_STR_NL] line 2: newline encountered in string literal" },
	{ "BEGIN {}\n#pragma D option x \"y",
	    "2:20: syntax error near '\"'",
	    "[D_SYNTAX] line 2: syntax error near \"\"\"" },
	{ "#pragma D error \"a b\" c 5\nBEGIN {}\n",
	    "1:1: #error: a b c",
	    "[D_PRAGERR] line 1: #error: a b c " },
	{ "BEGIN\n{\n\tx = 1 +\n#pragma D frobnicate\n\t2;\n}\n",
	    "4:1: invalid D pragma: frobnicate",
	    "[D_PRAGMA_INVAL] line 4: invalid D pragma: frobnicate" },
	{ "BEGIN\n/x +\n#pragma D option\n1/\n{\n}\n",
	    "3:1: malformed #pragma option <option>=<val>",
	    "[D_PRAGMA_MALFORM] line 3: malformed #pragma option "
	    "<option>=<val>" },
	{ "#attributes x y\nBEGIN {}\n",
	    "1:1: invalid control directive: #attributes",
	    "[D_PRAGCTL_INVAL] line 1: invalid control directive: "
	    "#attributes" },
	{ "#pragma D option quiet /* c */\nBEGIN {}\n",
	    "1:24: superfluous arguments specified for #pragma option",
	    "[D_PRAGMA_MALFORM] line 1: superfluous arguments specified for "
	    "#pragma option" },
	{ "#pragma D option \"bufsize=4m\"\nBEGIN {}\n",
	    "1:1: malformed #pragma option <option>=<val>",
	    "[D_PRAGMA_MALFORM] line 1: malformed #pragma option "
	    "<option>=<val>" },
	/* errors of meaning: the first, unless a syntax error follows */
	{ "BEGIN { @ = lquantize(1, 2); }",
	    "1:13: lquantize( ) prototype mismatch: 2 args passed, at least 3 "
	    "expected",
	    "[D_PROTO_LEN] line 1: lquantize( ) prototype mismatch: 2 args "
	    "passed, at least 3 expected" },
	{ "BEGIN { @ = count(1); }",
	    "1:13: count( ) prototype mismatch: 1 arg passed, 0 expected",
	    "[D_PROTO_LEN] line 1: count( ) prototype mismatch: 1 arg passed, "
	    "0 expected" },
	{ "BEGIN { x = count(); }",
	    "1:13: aggregating function count( ) may only be the value of an "
	    "aggregation, as @x = count(...)",
	    "[D_OP_INCOMPAT] line 1: operands have incompatible types: "
	    "\"scalar\" = \"aggregating function\"" },
	{ "BEGIN { @ = 1; }",
	    "1:13: an aggregation must be assigned the result of an "
	    "aggregating function (count(), sum(), quantize(), ...)",
	    "[D_AGG_FUNC] line 1: @_ must be assigned the result of an "
	    "aggregating function" },
	{ "BEGIN { @ += count(); }",
	    "1:11: operator += may not be applied to an aggregation: set it "
	    "with =",
	    "[D_VAR_UNDEF] line 1: @_ has not yet been declared or assigned" },
	{ "BEGIN { x = exit(0); }",
	    "1:13: tracing function exit( ) may not be called from a D "
	    "expression (D program context required)",
	    "[D_OP_INCOMPAT] line 1: operands have incompatible types: "
	    "\"void\" = \"void\"" },
	{ "BEGIN { trace(1), exit(0); }",
	    "1:9: operator , operands cannot be actions",
	    "[D_OP_ACT] line 1: operator , operands cannot be actions" },
	{ "BEGIN { x = 1(2); }",
	    "1:14: function designator is not of function type",
	    "[D_FUNC_IDENT] line 1: function designator is not of function "
	    "type" },
	/* printf() formats, as dt_printf.c reads them */
	{ "BEGIN { printf(\"%d\\n\", 1, 2); }",
	    "1:9: printf( ) prototype mismatch: only 1 arguments required by "
	    "this format string",
	    "[D_PRINTF_ARG_EXTRA] line 1: printf( ) prototype mismatch: only "
	    "1 arguments required by this format string" },
	{ "BEGIN { printf(\"%d %*d\", 1, 2); }",
	    "1:9: printf( ) prototype mismatch: conversion #2 (%d) is missing "
	    "a corresponding value argument",
	    "[D_PRINTF_ARG_PROTO] line 1: printf( ) prototype mismatch: "
	    "conversion #2 (%d) is missing a corresponding value argument" },
	{ "BEGIN { system(\"%.*d\"); }",
	    "1:9: system( ) prototype mismatch: conversion #1 (%d) is missing "
	    "a corresponding \".*\" argument",
	    "[D_PRINTF_DYN_PROTO] line 1: system( ) prototype mismatch: "
	    "conversion #1 (%d) is missing a corresponding \".*\" argument" },
	{ "BEGIN { printf(\"\"); }",
	    "1:9: printf( ) format string is empty",
	    "[D_PRINTF_FMT_EMPTY] line 1: printf( ) format string is empty" },
	{ "BEGIN { printf(\"%@d\", 1); }",
	    "1:9: %@ conversion requires an aggregation and is not for use "
	    "with printf( )",
	    "[D_PRINTF_AGG_CONV] line 1: %@ conversion requires an "
	    "aggregation and is not for use with printf( )" },
	{ "BEGIN { printa(\"\\045z\", @a); }",
	    "1:9: format conversion #1 is undefined: %z",
	    "[D_IDENT_UNDEF] line 1: failed to resolve @a: Unknown variable "
	    "name" },
	/* fuzz_dparse: "\445" wraps to '%', and the conversion is a newline */
	{ "BEGIN { printf(\"\\445\\n\"); }",
	    "1:9: format conversion #1 is undefined: %\\012",
	    "[D_SYNTAX] line 1: format conversion #1 is undefined: %" },
	{ "BEGIN { printf(\"%\\001\\303\"); }",
	    "1:9: format conversion #1 is undefined: %\\001",
	    "[D_SYNTAX] line 1: format conversion #1 is undefined: %\001" },
	{ "BEGIN { printf(\"%%d %5%\"); }",
	    "1:9: format conversion #2 cannot be combined with other format "
	    "flags: %%",
	    "[D_SYNTAX] line 1: format conversion #2 cannot be combined with "
	    "other format flags: %%" },
	{ "BEGIN { printf(\"%ll\"); }",
	    "1:9: format conversion #1 name expected before end of format "
	    "string",
	    "[D_SYNTAX] line 1: format conversion #1 name expected before end "
	    "of format string" },
	{ "BEGIN { printf(\"%.*.*d\"); }",
	    "1:9: format conversion #1 has more than one '.' specified",
	    "[D_SYNTAX] line 1: format conversion #1 has more than one '.' "
	    "specified" },
	{ "BEGIN { printf(\"%**d\"); }",
	    "1:9: format conversion #1 has more than one '*' specified for "
	    "the output width",
	    "[D_SYNTAX] line 1: format conversion #1 has more than one '*' "
	    "specified for the output width" },
	{ "BEGIN { printf(\"%1$d\"); }",
	    "1:9: format conversion #1 uses unsupported positional format "
	    "(%n$)",
	    "[D_SYNTAX] line 1: format conversion #1 uses unsupported "
	    "positional format (%n$)" },
	{ "BEGIN { @ = lquantize(1, 2); }\nEND { x = 1 +; }",
	    "2:14: syntax error near ';'",
	    "[D_SYNTAX] line 2: syntax error near \";\"" },	/*
	 * Issue 37.  %I and %P are Solaris 11's (the DTrace book's
	 * tcpacceptx.d): dtrace's table has neither; freopen() reads a format.
	 */
	{ "BEGIN { @num[1, 2] = count(); }\nEND\n{\n"
	    "\tprinta(\"   %-26I %-8P %@8d\\n\", @num);\n}\n",
	    "4:2: format conversion #1 is undefined: %I",
	    "[D_SYNTAX] line 4: format conversion #1 is undefined: %I" },
	{ "BEGIN { @n[1] = count(); printa(\"%-8P %@d\\n\", @n); }",
	    "1:26: format conversion #1 is undefined: %P",
	    "[D_SYNTAX] line 1: format conversion #1 is undefined: %P" },
	{ "BEGIN\n{\n\tfreopen(\"/tmp/x%I\");\n}\n",
	    "3:2: format conversion #1 is undefined: %I",
	    "[D_SYNTAX] line 3: format conversion #1 is undefined: %I" },
	{ "BEGIN\n{\n\tfreopen(\"/tmp/x%d\");\n}\n",
	    "3:2: freopen( ) prototype mismatch: conversion #1 (%d) is "
	    "missing a corresponding value argument",
	    "[D_PRINTF_ARG_PROTO] line 3: freopen( ) prototype mismatch: "
	    "conversion #1 (%d) is missing a corresponding value argument" },
	/*
	 * After . or ->, dtrace's lexer passes over what is not a name and
	 * counts none of the newlines it passes: it names a line that many
	 * lines too early, to the end.
	 */
	{ "BEGIN\n{\n\tthis->pktp = 0;\n\tx = this->pktp->);\n\n\n\n}\n",
	    "4:16: syntax error near end of input",
	    "[D_SYNTAX] line 4: syntax error near end of input" },
	{ "BEGIN\n{\n\tx = a->\n\n\nb c;\n}\n",
	    "3:7: syntax error near 'c'",
	    "[D_SYNTAX] line 3: syntax error near \"c;\"" },
	{ "BEGIN\n{\n\tx = a->\n\n\n;\n}\n\nEND\n{\n\ty = ;\n}\n",
	    "4:1: syntax error near '{'",
	    "[D_SYNTAX] line 4: syntax error near \"{\"" },
	{ "BEGIN\n{\n\tx = a.\n\n\nb;\n}\n\nEND\n{\n\ty = ;\n}\n",
	    "8:1: syntax error near ';'",
	    "[D_SYNTAX] line 8: syntax error near \";\"" },
	{ "BEGIN\n{\n\tx = a-> /* c\n */ );\n}\n",
	    "4:1: syntax error near end of input",
	    "[D_SYNTAX] line 4: syntax error near end of input" },
	/* a macro where a member's name belongs (a name only as $1's value) */
	{ "BEGIN\n/args[1]-> == $1/\n{\n}\n",
	    "2:15: syntax error near '$1'",
	    "[D_MACRO_UNDEF] line 2: macro argument $1 is not defined" },
	{ "BEGIN\n/args[1]->$1 == 2/\n{\n}\n",
	    "2:11: syntax error near '$1'",
	    "[D_MACRO_UNDEF] line 2: macro argument $1 is not defined" },
	{ "BEGIN\n{\n\tx = a.$$1;\n}\n",
	    "3:9: syntax error near '$1'",
	    "[D_MACRO_UNDEF] line 3: macro argument $1 is not defined" },
	/*
	 * "int*x" in the outer scope: the type int, then *x, but the type
	 * dtrace looks up is "int*x".
	 */
	{ "BEGIN\n{\n}\n\nint*x",
	    "5:6: syntax error near end of input",
	    "[D_SYNTAX] line 5: syntax error near end-of-input" },
	{ "BEGIN\n{\n}\n\nint*x\n\n",
	    "7:1: syntax error near end of input",
	    "[D_SYNTAX] line 7: syntax error near end-of-input" },
	{ "int* { trace(1); }\n",
	    "1:6: syntax error near '{'",
	    "[D_SYNTAX] line 1: syntax error near \"{\"" },
	{ "long*x[2];\nBEGIN\n{\n}\n",
	    "1:10: failed to resolve type long*x[2]: Unknown type name",
	    "[D_UNKNOWN] line 1: failed to resolve type long*x[2]: Unknown "
	    "type name" },
	{ "string*x, *y;\nBEGIN\n{\n}\n",
	    "1:9: failed to resolve type string*x: Unknown type name",
	    "[D_UNKNOWN] line 1: failed to resolve type string*x: Unknown "
	    "type name" },
	{ "const*x;\nBEGIN\n{\n}\n",
	    "1:8: syntax error near ';'",
	    "[D_SYNTAX] line 1: syntax error near \";\"" },
	/* option pspec: "int*x" is a probe description (dtrace-utils' test) */
	{ "#pragma D option pspec\n\nint*x\n",
	    "3:1: expected predicate and/or actions following probe "
	    "description",
	    "[D_SYNTAX] line 3: expected predicate and/or actions following "
	    "probe description" },
};

#endif	/* DREFUSED_H */
