/* engine/src/level/level_profiles.c: the profiles of a set as `list --profiles`
 * prints them: name, recipe and the size a level of each digs at.
 *
 * Pipeline: level (the size comes from running the recipe's first dig step,
 * rf_level_default_size); called by the CLI. Text and JSON, one profile a row.
 */
#include <stdio.h>

#include "core/seam.h"
#include "level_int.h"
#include "roomforge/template_write.h"

rf_status rf_level_write_profiles(const rf_profile_set *profiles, FILE *out, rf_write_format fmt,
                                  rf_diags *d)
{
    size_t i, n = rf_profile_count(profiles);
    rf_status worst = RF_OK;
    if (fmt == RF_WRITE_JSON)
        fputs("{\"profiles\":[", out);
    for (i = 0; i < n; i++) {
        const rf_profile *p = rf_profile_at(profiles, i);
        rf_level_opts o;
        int w = 0, h = 0;
        rf_status st;
        rf_level_opts_init(&o);
        o.profile = rf_profile_name(p);
        st = rf_level_default_size(profiles, &o, &w, &h, d);
        if (st == RF_ERR_NOMEM)
            return st;
        if (st != RF_OK && worst == RF_OK)
            worst = RF_ERR_CONTENT; /* its size cannot be known: listed without one */
        if (fmt == RF_WRITE_JSON) {
            fputs(i ? ",{" : "{", out);
            rf_json_key(out, "name", 1);
            rf_json_string(out, rf_profile_name(p));
            rf_json_key(out, "recipe", 0);
            rf_json_string(out, rf_profile_recipe(p));
            if (st == RF_OK)
                fprintf(out, ",\"width\":%d,\"height\":%d}", w, h);
            else
                fputs(",\"width\":null,\"height\":null}", out);
        } else if (st == RF_OK) {
            fprintf(out, "%-16s recipe %-20s %dx%d\n", rf_profile_name(p), rf_profile_recipe(p),
                     w, h);
        } else {
            fprintf(out, "%-16s recipe %-20s (no size: see the diagnostics)\n",
                    rf_profile_name(p), rf_profile_recipe(p));
        }
    }
    if (fmt == RF_WRITE_JSON)
        fputs("]}\n", out);
    if (ferror(out))
        return RF_ERR_IO;
    return worst;
}
