/* engine/src/view/view.c: rf_view_write, the one entry point of every gen
 * format, and the format names.
 *
 * Pipeline: view, above level (its ascii and JSON writers) and below sim.
 * Design: arguments are checked here once, so each writer may assume a
 * known format and a scale within bounds.
 */
#include <string.h>

#include "view_int.h"

static const char *const names[RF_VIEW_FORMAT_COUNT] = {"ascii", "text", "ansi",
                                                        "json",  "html", "png"};

void rf_view_opts_init(rf_view_opts *o)
{
    o->scale = RF_VIEW_SCALE_DEFAULT;
    o->legend = true;
}

bool rf_view_format_parse(const char *name, rf_view_format *out)
{
    int i;
    for (i = 0; name && i < RF_VIEW_FORMAT_COUNT; i++)
        if (strcmp(name, names[i]) == 0) {
            *out = (rf_view_format)i;
            return true;
        }
    return false;
}

const char *rf_view_format_name(rf_view_format f)
{
    return (unsigned)f < RF_VIEW_FORMAT_COUNT ? names[f] : "?";
}

bool rf_view_format_is_binary(rf_view_format f) { return f == RF_VIEW_PNG; }

rf_status rf_view_write(const rf_level *l, rf_view_format f, const rf_view_opts *o, FILE *out)
{
    rf_view_opts def;
    rf_status st;
    if (!o) {
        rf_view_opts_init(&def);
        o = &def;
    }
    if (!l || !out || o->scale < RF_VIEW_SCALE_MIN || o->scale > RF_VIEW_SCALE_MAX)
        return RF_ERR_ARG;
    switch (f) {
    case RF_VIEW_ASCII: st = rf_level_write_ascii(l, out); break;
    case RF_VIEW_TEXT: st = rf_view_write_text(l, false, out); break;
    case RF_VIEW_ANSI: st = rf_view_write_text(l, true, out); break;
    case RF_VIEW_JSON: st = rf_level_write_json(l, out); break;
    case RF_VIEW_HTML: st = rf_view_write_html(l, out); break;
    case RF_VIEW_PNG: st = rf_view_write_png(l, o->scale, o->legend, out); break;
    default: return RF_ERR_ARG;
    }
    if (st == RF_OK && ferror(out))
        st = RF_ERR_IO;
    return st;
}
