/* engine/src/level/level_json.c: the level as DESIGN 5's gen JSON, that
 * JSON in memory, and the catalog digest over it.
 *
 * Pipeline: level -> gen --format json, catalog, the view stage. Design: one
 * writer to a FILE*; the in-memory text goes through fmemopen over an
 * rf_alloc'd buffer (doubled until it fits), so the heap stays behind
 * rf_alloc. The digest hashes those bytes with template files as base
 * names, so a catalog does not depend on where the content lies.
 */
#include <inttypes.h>
#include <string.h>

#include "core/seam.h"
#include "level/seam.h"
#include "level_int.h"
#include "roomforge/template.h"

#define JSON_MAX ((size_t)1 << 30) /* refuse a level whose JSON passes 1 GiB */

static const char *truth(bool b) { return b ? "true" : "false"; }

/* One room: its id (the record's, which objects' "room" names), name, kind,
 * template (null for dug rooms), box, locked, lit, orientation, forced, and
 * the template's rooms.xml file and line (null for dug rooms). */
static void write_room_json(FILE *out, const rf_room_rec *r, bool first, bool base_names)
{
    const char *file = r->tmpl ? rf_template_file(r->tmpl) : NULL;
    char name[48];
    snprintf(name, sizeof name, "%s %d", r->kind == RF_ROOM_CORRIDOR ? "corridor" : "room", r->id);
    fprintf(out, "%s{\"id\":%d", first ? "\n" : ",\n", r->id);
    rf_json_key(out, "name", 0);
    rf_json_string(out, r->tmpl ? rf_template_name(r->tmpl) : name);
    rf_json_key(out, "kind", 0);
    rf_json_string(out, rf_room_kind_name(r->kind));
    rf_json_key(out, "template", 0);
    rf_json_string(out, r->tmpl ? rf_template_name(r->tmpl) : NULL);
    fprintf(out, ",\"x\":%d,\"y\":%d,\"w\":%d,\"h\":%d,\"locked\":%s,\"lit\":%s,\"orient\":%d,"
                 "\"forced\":%s",
            r->x, r->y, r->w, r->h, truth(r->locked), truth(r->lit), r->tmpl ? r->orient : 0,
            truth(r->tmpl && r->forced));
    rf_json_key(out, "file", 0);
    if (file && base_names && strrchr(file, '/'))
        file = strrchr(file, '/') + 1;
    rf_json_string(out, file);
    if (r->tmpl && rf_template_variant_number(r->tmpl) >= 0) /* DESIGN 16: only then */
        fprintf(out, ",\"line\":%d,\"variant\":%ld}", rf_template_line(r->tmpl),
                rf_template_variant_number(r->tmpl));
    else if (r->tmpl)
        fprintf(out, ",\"line\":%d}", rf_template_line(r->tmpl));
    else
        fputs(",\"line\":null}", out);
}

/* One object of DESIGN 5's "objects": handle (1-based in level order), type,
 * id (null when none), name, x, y, room (the id of the room it stands in, 0
 * none); then count, charges and quality, the global and key marks, and
 * population's horde number, leader and asleep marks. */
/* A machine feature's flags as JSON strings, in bit order. */
static void write_flags(FILE *out, unsigned flags)
{
    const char *names[8 * sizeof flags];
    size_t i, n = rf_feature_flag_names(flags, names, sizeof names / sizeof names[0]);
    for (i = 0; i < n; i++) {
        if (i)
            putc(',', out);
        rf_json_string(out, names[i]);
    }
}

static void write_object_json(FILE *out, const rf_placed *p, size_t handle)
{
    fprintf(out, "%s{\"handle\":%zu", handle == 1 ? "\n" : ",\n", handle);
    rf_json_key(out, "type", 0);
    rf_json_string(out, p->type);
    rf_json_key(out, "id", 0);
    rf_json_string(out, p->id[0] ? p->id : NULL);
    rf_json_key(out, "name", 0);
    rf_json_string(out, p->name);
    fprintf(out, ",\"x\":%d,\"y\":%d,\"room\":%d,\"count\":%d,\"charges\":%d,\"quality\":%d,"
                 "\"global\":%s,\"key\":%s,\"horde\":%d,\"leader\":%s,\"asleep\":%s,"
                 "\"captive\":%s,\"machine\":%d,\"flags\":[",
            p->x, p->y, p->room, p->count, p->charges, p->quality, truth(p->global),
            truth(p->key), p->horde, truth(p->leader), truth(p->asleep), truth(p->captive),
            p->machine);
    write_flags(out, p->feature);
    fputs("]}", out);
}

/* "machines" (DESIGN 17): each machine's id, blueprint, kind, the treasure
 * machine it is part of, its room, cells [[x, y], ...] and its objects'
 * handles. */
static void write_machines_json(const rf_level *l, FILE *out)
{
    size_t i, k;
    fputs(",\n\"machines\":[", out);
    for (i = 0; i < l->machines.n; i++) {
        const rf_level_machine *m = &l->machines.items[i];
        fprintf(out, "%s{\"id\":%d", i ? ",\n" : "\n", m->id);
        rf_json_key(out, "blueprint", 0);
        rf_json_string(out, m->blueprint);
        rf_json_key(out, "kind", 0);
        rf_json_string(out, rf_machine_kind_name(m->kind));
        fprintf(out, ",\"treasure\":%d,\"room\":%d,\"cells\":[", m->treasure, m->room);
        for (k = 0; k < m->ncells; k++)
            fprintf(out, "%s[%d,%d]", k ? "," : "", m->cells[2 * k], m->cells[2 * k + 1]);
        fputs("],\"objects\":[", out);
        for (k = 0; k < m->nobjects; k++)
            fprintf(out, "%s%zu", k ? "," : "", m->objects[k] + 1);
        fputs("]}", out);
    }
    putc(']', out);
}

/* The loop and chokepoint map (DESIGN 17's, for machines): "loops", the rows
 * of rf_level_loop_row, and "chokepoints", [x, y, tiles cut off] in row order. */
static rf_status write_analysis_json(const rf_level *l, FILE *out)
{
    int x, y, n = 0;
    char *row = rf_alloc((size_t)l->g->w + 1);
    if (!row)
        return RF_ERR_NOMEM;
    fputs(",\n\"loops\":[", out);
    for (y = 0; y < l->g->h; y++) {
        (void)rf_level_loop_row(l, y, row, (size_t)l->g->w + 1);
        fprintf(out, "%s\"%s\"", y ? ",\n" : "\n", row);
    }
    rf_free(row);
    fputs("],\n\"chokepoints\":[", out);
    for (y = 0; y < l->g->h; y++)
        for (x = 0; x < l->g->w; x++)
            if (rf_level_choke(l, x, y) > 0)
                fprintf(out, "%s[%d,%d,%d]", n++ ? "," : "", x, y, rf_level_choke(l, x, y));
    putc(']', out);
    return RF_OK;
}

static rf_status write_json(const rf_level *l, FILE *out, bool base_names)
{
    size_t i;
    int x, y;
    fprintf(out, "{\"seed\":%" PRIu64 ",\"depth\":%d,\"width\":%d,\"height\":%d,\"tiles\":[", l->seed,
            l->depth, l->g->w, l->g->h);
    for (y = 0; y < l->g->h; y++) {
        fputs(y ? ",\n\"" : "\n\"", out);
        for (x = 0; x < l->g->w; x++)
            putc(rf_tile_glyph((rf_tile)RF_GRID_AT(l->g, x, y)), out);
        putc('"', out);
    }
    fputs("],\n\"rooms\":[", out);
    for (i = 0; i < l->rooms.n; i++)
        write_room_json(out, &l->rooms.items[i], i == 0, base_names);
    fputs("],\n\"objects\":[", out);
    for (i = 0; i < l->objs.n; i++)
        write_object_json(out, &l->objs.items[i], i + 1);
    fprintf(out, "],\n\"stairs\":{\"up\":[%d,%d],\"down\":[%d,%d]},\n\"traps\":%d,\n"
                 "\"feelings\":[",
            l->up_x, l->up_y, l->down_x, l->down_y, l->traps);
    for (i = 0; i < l->nfeelings; i++) {
        if (i)
            putc(',', out);
        rf_json_string(out, l->feelings[i]);
    }
    putc(']', out);
    write_machines_json(l, out);
    if (write_analysis_json(l, out) != RF_OK)
        return RF_ERR_NOMEM;
    fputs("}\n", out);
    return ferror(out) ? RF_ERR_IO : RF_OK;
}

rf_status rf_level_write_json(const rf_level *l, FILE *out) { return write_json(l, out, false); }

/* A first guess at the JSON's size: tiles, then a generous row per room,
 * object and feeling (strings escaped may grow, hence the retry). */
static size_t json_guess(const rf_level *l)
{
    size_t n = ((size_t)l->g->w + 4) * (size_t)l->g->h + 4096, i;
    n += l->rooms.n * 512 + l->objs.n * 512 + l->nfeelings * 256;
    n += ((size_t)l->g->w + 4) * (size_t)l->g->h; /* the loop map */
    for (i = 0; i < l->machines.n; i++)
        n += 256 + l->machines.items[i].ncells * 16 + l->machines.items[i].nobjects * 12;
    return n < JSON_MAX ? n : JSON_MAX;
}

rf_status rf_level_json_text(const rf_level *l, bool base_names, char **text, size_t *len)
{
    size_t cap = json_guess(l);
    for (;;) {
        char *buf = rf_alloc(cap);
        FILE *f;
        long pos;
        rf_status st;
        if (!buf)
            return RF_ERR_NOMEM;
        f = fmemopen(buf, cap, "w");
        if (!f) {
            rf_free(buf);
            return RF_ERR_NOMEM;
        }
        st = write_json(l, f, base_names);
        if (fflush(f) != 0)
            st = RF_ERR_IO;
        pos = ftell(f);
        fclose(f);
        if (st == RF_OK && pos >= 0 && (size_t)pos < cap - 1) {
            buf[pos] = '\0';
            *text = buf;
            *len = (size_t)pos;
            return RF_OK;
        }
        rf_free(buf); /* it did not fit: twice the room */
        if (cap >= JSON_MAX)
            return RF_ERR_LIMIT;
        cap = cap > JSON_MAX / 2 ? JSON_MAX : cap * 2;
    }
}

uint64_t rf_level_digest(const rf_level *l)
{
    char *text;
    size_t len;
    uint64_t h;
    if (rf_level_json_text(l, true, &text, &len) != RF_OK)
        return 0;
    h = rf_fnv1a64(text, len);
    rf_free(text);
    return h;
}
