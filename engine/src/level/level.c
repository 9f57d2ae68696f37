/* engine/src/level/level.c: the rf_level object, its accessors and its
 * ascii, ansi and JSON writers.
 *
 * Pipeline: level -> output (gen, catalog, the world). The level owns its
 * grid, rooms, chokepoint map and feelings; the digest hashes exactly the
 * bytes the ascii writer prints, so catalogs and gen agree.
 */
#include <inttypes.h>
#include <string.h>

#include "core/alloc.h"
#include "core/json.h"
#include "level_int.h"
#include "roomforge/template.h"
#include "roomforge/world.h"

void rf_level_free(rf_level *l)
{
    size_t i;
    if (!l)
        return;
    rf_world_free(l->world);
    rf_grid_free(l->g);
    rf_room_list_fini(&l->rooms);
    rf_placed_list_fini(&l->objs);
    rf_free(l->choke);
    for (i = 0; i < l->nfeelings; i++)
        rf_free(l->feelings[i]);
    rf_free(l->feelings);
    rf_free(l);
}

bool rf_level_add_feeling(rf_level *lv, const char *text)
{
    char *s = rf_strdup(text);
    if (!s || !rf_grow((void **)&lv->feelings, &lv->feel_cap, lv->nfeelings + 1,
                       sizeof *lv->feelings)) {
        rf_free(s);
        return false;
    }
    lv->feelings[lv->nfeelings++] = s;
    return true;
}

const rf_grid *rf_level_grid(const rf_level *l) { return l->g; }
uint64_t rf_level_seed(const rf_level *l) { return l->seed; }
int rf_level_depth(const rf_level *l) { return l->depth; }
size_t rf_level_room_count(const rf_level *l) { return l->rooms.n; }
int rf_level_traps(const rf_level *l) { return l->traps; }
size_t rf_level_feeling_count(const rf_level *l) { return l->nfeelings; }
size_t rf_level_object_count(const rf_level *l) { return l->objs.n; }

const rf_placed *rf_level_object_at(const rf_level *l, size_t i)
{
    return i < l->objs.n ? &l->objs.items[i] : NULL;
}

size_t rf_level_object_count_of(const rf_level *l, const char *type)
{
    size_t i, n = 0;
    for (i = 0; i < l->objs.n; i++)
        n += strcmp(l->objs.items[i].type, type) == 0;
    return n;
}

const rf_room_rec *rf_level_room_at(const rf_level *l, size_t i)
{
    return i < l->rooms.n ? &l->rooms.items[i] : NULL;
}

const char *rf_level_feeling_at(const rf_level *l, size_t i)
{
    return i < l->nfeelings ? l->feelings[i] : NULL;
}

const rf_special_result *rf_level_special(const rf_level *l) { return &l->special; }

size_t rf_level_rooms_proper(const rf_level *l)
{
    size_t i, n = 0;
    for (i = 0; i < l->rooms.n; i++)
        n += l->rooms.items[i].kind != RF_ROOM_CORRIDOR;
    return n;
}

size_t rf_level_template_count(const rf_level *l)
{
    size_t i, n = 0;
    for (i = 0; i < l->rooms.n; i++)
        n += l->rooms.items[i].kind == RF_ROOM_TEMPLATE;
    return n;
}

void rf_level_stairs_up(const rf_level *l, int *x, int *y)
{
    *x = l->up_x;
    *y = l->up_y;
}

void rf_level_stairs_down(const rf_level *l, int *x, int *y)
{
    *x = l->down_x;
    *y = l->down_y;
}

int rf_level_choke(const rf_level *l, int x, int y)
{
    if (!l->choke || !rf_grid_in_bounds(l->g, x, y))
        return 0;
    return l->choke[(size_t)y * (size_t)l->g->w + (size_t)x];
}

rf_status rf_level_write_ascii(const rf_level *l, FILE *out) { return rf_grid_write_ascii(l->g, out); }

/* SGR colours per tile (DESIGN 6 order); NULL prints the glyph plain. */
static const char *const tile_colour[RF_TILE_COUNT] = {
    NULL,   "37", "90", "33", "33;1", "35", "90", "97;1", "97;1",
    "34;1", "36", "34", "96", "32",   "92", "31;1", "90;1", "33",
};

rf_status rf_level_write_ansi(const rf_level *l, FILE *out)
{
    int x, y;
    for (y = 0; y < l->g->h; y++) {
        const char *cur = NULL;
        for (x = 0; x < l->g->w; x++) {
            rf_tile t = (rf_tile)RF_GRID_AT(l->g, x, y);
            const char *c = tile_colour[t];
            if (c != cur) {
                if (c)
                    fprintf(out, "\033[%sm", c);
                else
                    fputs("\033[0m", out);
                cur = c;
            }
            putc(rf_tile_glyph(t), out);
        }
        fputs(cur ? "\033[0m\n" : "\n", out);
    }
    return ferror(out) ? RF_ERR_IO : RF_OK;
}

/* One object of DESIGN 5's "objects": type, id (null when none), name, x,
 * y, room; then count, charges and quality, the global and key marks, and
 * population's horde number, leader and asleep marks. */
static void write_object_json(FILE *out, const rf_placed *p, bool first)
{
    fputs(first ? "\n{" : ",\n{", out);
    rf_json_key(out, "type", 1);
    rf_json_string(out, p->type);
    rf_json_key(out, "id", 0);
    if (p->id[0])
        rf_json_string(out, p->id);
    else
        fputs("null", out);
    rf_json_key(out, "name", 0);
    rf_json_string(out, p->name);
    fprintf(out, ",\"x\":%d,\"y\":%d,\"room\":%d,\"count\":%d,\"charges\":%d,\"quality\":%d,"
                 "\"global\":%s,\"key\":%s,\"horde\":%d,\"leader\":%s,\"asleep\":%s}",
            p->x, p->y, p->room, p->count, p->charges, p->quality, p->global ? "true" : "false",
            p->key ? "true" : "false", p->horde, p->leader ? "true" : "false",
            p->asleep ? "true" : "false");
}

rf_status rf_level_write_json(const rf_level *l, FILE *out)
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
    for (i = 0; i < l->rooms.n; i++) {
        const rf_room_rec *r = &l->rooms.items[i];
        char name[48];
        snprintf(name, sizeof name, "%s %d", r->kind == RF_ROOM_CORRIDOR ? "corridor" : "room", r->id);
        fputs(i ? ",\n{" : "\n{", out);
        rf_json_key(out, "name", 1);
        rf_json_string(out, r->tmpl ? rf_template_name(r->tmpl) : name);
        rf_json_key(out, "kind", 0);
        rf_json_string(out, rf_room_kind_name(r->kind));
        rf_json_key(out, "template", 0);
        if (r->tmpl)
            rf_json_string(out, rf_template_name(r->tmpl));
        else
            fputs("null", out);
        fprintf(out, ",\"x\":%d,\"y\":%d,\"w\":%d,\"h\":%d,\"locked\":%s,"
                     "\"lit\":%s}",
                r->x, r->y, r->w, r->h, r->locked ? "true" : "false", r->lit ? "true" : "false");
    }
    fputs("],\n\"objects\":[", out);
    for (i = 0; i < l->objs.n; i++)
        write_object_json(out, &l->objs.items[i], i == 0);
    fprintf(out, "],\n\"stairs\":{\"up\":[%d,%d],\"down\":[%d,%d]},\n\"traps\":%d,\n"
                 "\"feelings\":[",
            l->up_x, l->up_y, l->down_x, l->down_y, l->traps);
    for (i = 0; i < l->nfeelings; i++) {
        if (i)
            putc(',', out);
        rf_json_string(out, l->feelings[i]);
    }
    fputs("]}\n", out);
    return ferror(out) ? RF_ERR_IO : RF_OK;
}

uint64_t rf_level_digest(const rf_level *l)
{
    /* FNV-1a 64 over the ascii output, streamed row by row (same constants as
     * rf_fnv1a64, which hashes one buffer). */
    uint64_t h = 0xcbf29ce484222325ULL;
    int x, y;
    for (y = 0; y < l->g->h; y++) {
        for (x = 0; x < l->g->w; x++) {
            h ^= (unsigned char)rf_tile_glyph((rf_tile)RF_GRID_AT(l->g, x, y));
            h *= 0x100000001b3ULL;
        }
        h ^= (unsigned char)'\n';
        h *= 0x100000001b3ULL;
    }
    return h;
}
