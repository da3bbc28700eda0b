/*
 * md_rules.h: the rules of Meta-D that are not about one key's own value
 * (md_rules.c), as md_load.c (the JSON tree turned into the structures of
 * md_impl.h) applies them while it loads a metric: the state of one load,
 * and the rules' calls.
 */

#ifndef	MD_RULES_H
#define	MD_RULES_H

#include "md_impl.h"

/* Maps with more keys than this get a hash index. */
#define	MD_MAPINDEX	8

/* The state of one load: what the rules across entries need. */
typedef struct md_load {
	md_metric_t	*ld_m;
	md_error_t	*ld_err;
	md_strtab_t	ld_gathered;	/* gathered by an entry so far */
	md_strtab_t	ld_cleaned;	/* cleaned by some entry */
	md_strtab_t	ld_aggregated;	/* key of some aggregate */
	md_strtab_t	ld_localdecl;	/* declared in metad.locals */
	int		ld_anyverify;
	int		ld_anyclean;
	int		ld_anyaggregate;
} md_load_t;

/* md_rules.c */
extern int md_load_invalid(md_load_t *, const char *, ...)
    MD_PRINTFLIKE(2, 3);
extern int md_load_warn(md_load_t *, const char *, ...) MD_PRINTFLIKE(2, 3);
extern int md_is_identifier(const char *);
#define	MD_MEANTLEN	128	/* " (did you mean ...?)", a name cut */
extern const char *md_load_meant(char *, size_t, const char *,
    const char *const *, size_t);
extern const char *md_load_meant_field(md_load_t *, char *, size_t,
    const char *);
extern int md_load_percent(md_load_t *, const char *, size_t, const char *,
    const char *);
extern int md_load_entry_keys(md_load_t *, const cJSON *, size_t);
extern int md_load_missing(md_load_t *, const char *, const char *,
    const cJSON *, const char *, const cJSON *);
extern int md_load_misplaced(md_load_t *, const cJSON *, const cJSON *);
extern int md_load_gathered_keys(md_load_t *, const md_map_t *, size_t,
    const char *);
extern int md_load_across(md_load_t *);

/* md_about.c: "units" and "os"; -1 only when memory ran out. */
extern int md_about_load(md_load_t *, const cJSON *);

#endif	/* MD_RULES_H */
