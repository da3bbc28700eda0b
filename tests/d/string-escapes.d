/* String literals with escape sequences: \n \t \\ \" \a \b \f \r \v \?
   \' , octal and hex escapes, embedded comment markers, empty string. */

BEGIN
{
	printf("tab:\there\n");
	printf("backslash: \\ quote: \" question: \? apostrophe: \'\n");
	printf("bell\a back\b feed\f cr\r vt\v\n");
	printf("octal \101\102\103 hex \x44\x45\n");
	printf("not a comment: /* x */ and // y\n");
	printf("percent %% and brace { }\n");
	this->e = "";
	this->s = "a\tb\nc";
	printf("[%s] [%s] %d\n", this->e, this->s, strlen(this->s));
	trace("trace\tescape\n");
	trace("nul \0 inside");
	exit(0);
}
