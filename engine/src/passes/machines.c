/* engine/src/passes/machines.c: rf_machines_place: the treasure machines a
 * depth is due, then the autogenerators, each recorded as a machine.
 *
 * Pipeline: passes, the recipe's machines step (after stairs). Seeds:
 * brogue-level-generation.txt lines 70 and 81-100. Design: a treasure
 * machine is a key holder and a reward, each drawn by frequency among the
 * blueprints some room suits, both rooms chosen before either is built; the
 * key holder is built first (its ids are the plain names its rules use),
 * the reward's doors get vault doors. An autogenerator runs frequency/100
 * times and once more with frequency%100 percent, its features within
 * RF_MACH_AREA steps of a cell drawn for it. docs/reference.md "Machines".
 */
#include <stdlib.h>
#include <string.h>

#include "core/seam.h"
#include "machine_pass_int.h"

void rf_machine_list_fini(rf_machine_list *l)
{
    size_t i;
    for (i = 0; i < l->n; i++) {
        rf_free((char *)l->items[i].blueprint);
        rf_free((int *)l->items[i].cells);
        rf_free((size_t *)l->items[i].objects);
    }
    rf_free(l->items);
    memset(l, 0, sizeof *l);
}

/* Starts machine n + 1 of blueprint b (on site s, NULL for none). */
static rf_status begin(rf_mach_ctx *c, const rf_blueprint *b, int treasure, const rf_mach_site *s)
{
    rf_machine_list *out = c->out;
    rf_level_machine *m;
    size_t i;
    if (!rf_grow((void **)&out->items, &out->cap, out->n + 1, sizeof *out->items))
        return RF_ERR_NOMEM;
    m = &out->items[out->n];
    memset(m, 0, sizeof *m);
    c->capcells = c->capobjs = 0;
    if (!(m->blueprint = rf_strdup(rf_blueprint_name(b))))
        return RF_ERR_NOMEM;
    c->cur = m;
    out->n++;
    m->id = (int)out->n;
    m->kind = rf_blueprint_kind(b);
    m->treasure = treasure;
    m->room = s ? s->room : 0;
    for (i = 0; s && i < s->ncells; i++)
        if (!rf_mach_add_cell(c, s->cells[i]))
            return RF_ERR_NOMEM;
    return RF_OK;
}

static int by_cell(const void *a, const void *b)
{
    const int *p = a, *q = b;
    return p[1] != q[1] ? (p[1] < q[1] ? -1 : 1) : (p[0] > q[0]) - (p[0] < q[0]);
}

/* The machine's cells in row order, each once; an autogenerator that made
 * nothing is dropped. */
static void finish(rf_mach_ctx *c)
{
    rf_level_machine *m = c->cur;
    int *cells = (int *)m->cells;
    size_t i, n = 0;
    if (m->ncells)
        qsort(cells, m->ncells, 2 * sizeof *cells, by_cell);
    for (i = 0; i < m->ncells; i++)
        if (n == 0 || cells[2 * i] != cells[2 * n - 2] || cells[2 * i + 1] != cells[2 * n - 1]) {
            cells[2 * n] = cells[2 * i];
            cells[2 * n + 1] = cells[2 * i + 1];
            n++;
        }
    m->ncells = n;
    if (n == 0) {
        rf_free((char *)m->blueprint);
        rf_free(cells);
        rf_free((size_t *)m->objects);
        c->out->n--;
    }
    c->cur = NULL;
}

/* A reward room's doors locked: a vault door (a blocker, id vault-door,
 * vault-door-2, ...) on each; its key holder's rules open them. */
static rf_status vault_doors(rf_mach_ctx *c, const rf_mach_site *s)
{
    size_t i;
    rf_status st = RF_OK;
    for (i = 0; st == RF_OK && i < s->ndoors; i++)
        if (!c->occupied[s->doors[i]])
            st = rf_mach_object(c, "customBlocker", RF_MACHINE_VAULT_DOOR, 0, s->doors[i]);
    return st;
}

/* Machine b (of treasure machine number, 0: none) on site s (NULL: an
 * autogenerator's area); locked: its doors get vault doors. */
static rf_status build(rf_mach_ctx *c, const rf_blueprint *b, int treasure, const rf_mach_site *s,
                       bool locked)
{
    size_t i;
    rf_status st = begin(c, b, treasure, s);
    if (s)
        rf_mach_site_hold(c, s, true);
    for (i = 0; st == RF_OK && i < rf_blueprint_feature_count(b); i++)
        st = rf_mach_feature(c, s, rf_blueprint_feature_at(b, i));
    if (st == RF_OK && s && locked)
        st = vault_doors(c, s);
    if (c->cur)
        finish(c);
    return st;
}

/* Treasure machine number: its reward room and key holder, or nothing
 * when no two rooms suit a pair. */
static rf_status treasure(rf_mach_ctx *c, int number)
{
    const rf_blueprint *reward = rf_mach_draw(c, RF_MACHINE_REWARD), *holder;
    rf_mach_site *rs, *ks = NULL;
    rf_status st;
    if (!reward || !(rs = rf_mach_site_pick(c, reward)))
        return RF_OK;
    rf_mach_site_hold(c, rs, true);
    holder = rf_mach_draw(c, RF_MACHINE_KEY_HOLDER);
    if (holder)
        ks = rf_mach_site_pick(c, holder);
    if (!ks) {
        rf_mach_site_hold(c, rs, false);
        return RF_OK;
    }
    c->group_first = c->objs->n; /* rs stays held: nothing of the key holder lands in it */
    st = build(c, holder, number, ks, false);
    return st == RF_OK ? build(c, reward, number, rs, true) : st;
}

/* Autogenerator b once: its area around a floor cell outside every machine. */
static rf_status autogen(rf_mach_ctx *c, const rf_blueprint *b)
{
    const rf_grid *g = c->g;
    size_t i, n = 0, cells = (size_t)g->w * (size_t)g->h, k;
    int origin = -1;
    if (!rf_mach_spend(c, 2 * cells))
        return RF_OK; /* the pass's work is spent */
    for (i = 0; i < cells; i++)
        n += rf_mach_free_floor(c, (int)i);
    if (n == 0)
        return RF_OK;
    k = rf_rng_below(c->rng, (uint32_t)n);
    for (i = 0; i < cells && origin < 0; i++)
        if (rf_mach_free_floor(c, (int)i) && k-- == 0)
            origin = (int)i;
    rf_mach_distances(c, &origin, 1, RF_MACH_AREA, 0);
    c->group_first = c->objs->n;
    return build(c, b, 0, NULL, false);
}

static rf_status run(rf_mach_ctx *c)
{
    const rf_machines *m = c->o->catalogue;
    int due = rf_machines_treasure_count(c->o->run_seed, c->o->depth), k, times;
    size_t i;
    rf_status st = RF_OK;
    for (k = 1; st == RF_OK && k <= due && c->out->n + 2 <= RF_MACHINES_MAX_PLACED; k++)
        st = treasure(c, k);
    for (i = 0; st == RF_OK && i < rf_machines_count(m); i++) {
        const rf_blueprint *b = rf_machines_at(m, i);
        int f = rf_blueprint_frequency(b);
        if (rf_blueprint_kind(b) != RF_MACHINE_AUTO || !rf_blueprint_is_at_depth(b, c->o->depth))
            continue;
        times = f / 100 + rf_rng_chance(c->rng, f % 100);
        for (k = 0; st == RF_OK && k < times && c->out->n < RF_MACHINES_MAX_PLACED &&
                    c->runs < RF_MACHINES_MAX_RUNS;
             k++, c->runs++)
            st = autogen(c, b);
    }
    return st;
}

/* Marks the stairs and every object occupied. */
static void occupy(rf_mach_ctx *c)
{
    const rf_grid *g = c->g;
    size_t i;
    c->occupied[c->o->up_y * g->w + c->o->up_x] = 1;
    c->occupied[c->o->down_y * g->w + c->o->down_x] = 1;
    for (i = 0; i < c->objs->n; i++)
        if (rf_grid_in_bounds(g, c->objs->items[i].x, c->objs->items[i].y))
            c->occupied[c->objs->items[i].y * g->w + c->objs->items[i].x] = 1;
}

rf_status rf_machines_place(rf_grid *g, const rf_room_list *rooms, const rf_machines_opts *o,
                            rf_rng *rng, rf_placed_list *objs, rf_machine_list *out)
{
    rf_mach_ctx c;
    size_t cells;
    rf_status st;
    if (!g || !rooms || !o || !rng || !objs || !out || o->depth < 1 ||
        !rf_grid_in_bounds(g, o->up_x, o->up_y) || !rf_grid_in_bounds(g, o->down_x, o->down_y))
        return RF_ERR_ARG;
    if (!o->catalogue || rf_machines_count(o->catalogue) == 0)
        return RF_OK;
    memset(&c, 0, sizeof c);
    c.g = g, c.rooms = rooms, c.o = o, c.rng = rng, c.objs = objs, c.out = out;
    cells = (size_t)g->w * (size_t)g->h;
    c.work = RF_MACHINES_WORK_MAPS * cells;
    c.held = rf_calloc(cells, 1);
    c.occupied = rf_calloc(cells, 1);
    c.mark = rf_calloc(cells, 1);
    c.queue = rf_alloc(cells * sizeof *c.queue);
    c.dist = rf_alloc(cells * sizeof *c.dist);
    c.dqueue = rf_alloc(cells * sizeof *c.dqueue);
    if (c.dist)
        memset(c.dist, 0xff, cells * sizeof *c.dist); /* -1: no walk reached it */
    st = c.held && c.occupied && c.mark && c.queue && c.dist && c.dqueue ? rf_mach_sites_build(&c)
                                                                         : RF_ERR_NOMEM;
    if (st == RF_OK) {
        occupy(&c);
        c.reach = rf_mach_reach(&c);
        st = run(&c);
    }
    rf_mach_sites_free(&c);
    rf_free(c.held);
    rf_free(c.occupied);
    rf_free(c.mark);
    rf_free(c.queue);
    rf_free(c.dist);
    rf_free(c.dqueue);
    return st;
}
