/*
 * md_error.c: error codes and messages.
 *
 * A library call that fails fills the caller's md_error_t with a code and a
 * message; there is no global error state.  Messages quote pieces of the
 * input (field names, predicate text), so they are made safe for a terminal
 * here: every control character is written as a \ooo escape and the message
 * stays on one line.
 */

#include <stdio.h>
#include <string.h>

#include "md_impl.h"

static const char *const md_errstrs[] = {
	[MD_ERR_NONE] = "no error",
	[MD_ERR_NOMEM] = "out of memory",
	[MD_ERR_JSON] = "not a JSON document",
	[MD_ERR_INVALID] = "invalid metric",
	[MD_ERR_PREDICATE] = "invalid predicate",
	[MD_ERR_FIELD] = "unknown field",
	[MD_ERR_ZONE] = "invalid zone name",
	[MD_ERR_TRANSLATE] = "cannot generate the script",
	[MD_ERR_LIMIT] = "input too large"
};

const char *
md_errstr(md_errcode_t code)
{
	if ((size_t)code >= sizeof (md_errstrs) / sizeof (md_errstrs[0]))
		return ("unknown error");
	return (md_errstrs[code]);
}

int
md_error_vset(md_error_t *err, md_errcode_t code, const char *fmt,
    va_list ap)
{
	char raw[MD_ERRMSGLEN];
	size_t i, o;

	if (err == NULL)
		return (-1);

	(void) vsnprintf(raw, sizeof (raw), fmt, ap);

	err->mde_code = code;
	for (i = 0, o = 0; raw[i] != '\0'; i++) {
		unsigned char c = (unsigned char)raw[i];

		if (c >= 0x20 && c != 0x7f) {
			if (o + 1 >= sizeof (err->mde_msg))
				break;
			err->mde_msg[o++] = (char)c;
			continue;
		}
		if (o + 4 >= sizeof (err->mde_msg))
			break;
		(void) snprintf(err->mde_msg + o, 5, "\\%03o", c);
		o += 4;
	}
	err->mde_msg[o] = '\0';
	return (-1);
}

int
md_error_set(md_error_t *err, md_errcode_t code, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	(void) md_error_vset(err, code, fmt, ap);
	va_end(ap);
	return (-1);
}

int
md_error_nomem(md_error_t *err)
{
	return (md_error_set(err, MD_ERR_NOMEM, "out of memory"));
}
