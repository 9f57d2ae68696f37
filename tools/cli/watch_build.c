/* tools/cli/watch_build.c: one build of `roomforge watch`: rf_pack_load (the
 * checks of lint), the forced rooms and the profile checked as gen checks
 * them, the recipe and rooms-file read, rf_level_generate, then the views.
 *
 * Pipeline: CLI over pack.h, level.h, rooms_file.h and view.h. Design: what
 * gen prints on stderr is a diagnostic of the build here, so the terminal,
 * /diagnostics.json and /events all say the same; a missing file is an
 * io-error of the build (watching goes on), not an exit. A room with errors
 * is left out and the level built from the rest, the errors beside it.
 */
#include "watch_build.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "cli_level.h"
#include "roomforge/fs.h"
#include "roomforge/pack.h"
#include "roomforge/rooms_file.h"

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* Adds a copy of s to the list; false when memory ran out. */
static bool push(char ***list, size_t *n, const char *s)
{
    char **grown = realloc(*list, (*n + 1) * sizeof **list);
    char *copy = s ? strdup(s) : NULL;
    if (!grown || !copy) {
        free(copy);
        if (grown)
            *list = grown;
        return false;
    }
    *list = grown;
    grown[(*n)++] = copy;
    return true;
}

static void free_list(char **list, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        free(list[i]);
    free(list);
}

/* Writes l in format f into t (gen's JSON without its final newline when
 * bare): RF_OK, or the writer's failure with t empty. */
static rf_status draw(const rf_level *l, rf_view_format f, const rf_view_opts *vo, bool bare,
                      watch_text *t)
{
    FILE *m = open_memstream(&t->s, &t->len);
    rf_status st;
    if (!m)
        return RF_ERR_NOMEM;
    st = rf_view_write(l, f, vo, m);
    if (fclose(m) != 0 && st == RF_OK)
        st = RF_ERR_NOMEM;
    if (st != RF_OK) {
        free(t->s);
        t->s = NULL;
        t->len = 0;
        return st;
    }
    if (bare && t->len > 0 && t->s[t->len - 1] == '\n')
        t->s[--t->len] = '\0';
    return RF_OK;
}

/* The forced rooms as gen checks them: one left out for errors has them in d
 * already; an unknown one is an error of the build, in gen's words. False
 * when one of them cannot be used (the level is not built). */
static bool check_forced(const cli_gen *g, const rf_pack *p, rf_diags *d)
{
    size_t i;
    bool ok = true;
    for (i = 0; i < g->nforced; i++) {
        rf_pack_room r;
        if (rf_pack_left_out_find(p, g->forced[i], &r)) {
            ok = false; /* its errors and room-left-out are in d already */
            continue;
        }
        if (!rf_template_set_find(rf_pack_templates(p), g->forced[i])) {
            (void)cli_unknown_room_diag(d, rf_pack_templates(p), g->forced[i]);
            ok = false;
        }
    }
    return ok;
}

/* Whether the load's diagnostics let a level be built (DESIGN 5: a broken
 * room elsewhere never stops a good room from being watched): the errors
 * of rooms left out let it be built; a file that could not be read stops
 * it, and with --strict any error does. */
static bool can_build(const cli_gen *g, const rf_diags *d)
{
    size_t i;
    if (g->cc.strict && rf_diags_errors(d) > 0)
        return false;
    for (i = 0; i < rf_diags_count(d); i++)
        if (strcmp(rf_diags_at(d, i)->code, "io-error") == 0)
            return false;
    return true;
}

/* Reads the recipe file into *text (o pointed at it) as gen reads it: an
 * io-error of the build when it cannot be read. */
static void read_recipe(const char *path, rf_level_opts *o, char **text, rf_diags *d)
{
    char why[160];
    if (cli_recipe_load(path, o, text, why, sizeof why) != RF_OK)
        (void)rf_diag_add(d, "io-error", path, 0, 0, "--recipe: %s", why);
}

/* The level and its views, once the content is loaded with no error that
 * stops it; e0: the errors the load reported (rooms left out), so that only
 * the recipe's, the rooms-file's and the level's own stop it here. */
static int make_level(const cli_gen *g, rf_view_format term, bool web, const rf_pack *p,
                      size_t e0, watch_build *b)
{
    rf_level_opts o = g->o;
    rf_rooms_file *rooms = NULL;
    rf_level *lv = NULL;
    char *recipe = NULL;
    rf_status st;
    double t0 = now_ms();
    int rc = CLI_OK;
    o.templates = rf_pack_templates(p);
    o.machines = rf_pack_machines(p);
    o.rooms = g->forced;
    o.nrooms = g->nforced;
    if (g->recipe_path)
        read_recipe(g->recipe_path, &o, &recipe, b->diags);
    if (g->rooms_path && rf_rooms_file_load(g->rooms_path, b->diags, &rooms) != RF_OK) {
        rf_rooms_file_free(rooms);
        rooms = NULL;
    }
    o.rooms_file = rooms;
    if (rf_diags_errors(b->diags) == e0) {
        st = rf_level_generate(rf_pack_profiles(p), &o, &lv, b->diags); /* explains a failure */
        if (st == RF_ERR_NOMEM)
            rc = cli_usage_error("watch", "out of memory");
    }
    b->ms_level = now_ms() - t0;
    t0 = now_ms();
    if (lv && rf_diags_errors(b->diags) == e0) {
        if ((web && (draw(lv, RF_VIEW_JSON, &g->vo, true, &b->json) != RF_OK ||
                     draw(lv, RF_VIEW_HTML, &g->vo, false, &b->html) != RF_OK)) ||
            draw(lv, term, &g->vo, false, &b->view) != RF_OK)
            rc = cli_usage_error("watch", "out of memory");
        else if (g->out_given && (st = draw(lv, g->fmt, &g->vo, false, &b->out)) != RF_OK)
            rc = st == RF_ERR_LIMIT ? cli_usage_error("watch",
                                                      "the png would be larger than %d "
                                                      "pixels a side: a smaller --scale",
                                                      RF_VIEW_PNG_MAX_SIDE)
                                    : cli_usage_error("watch", "out of memory");
        else
            b->ok = true;
    }
    b->ms_write = now_ms() - t0;
    rf_level_free(lv);
    rf_rooms_file_free(rooms);
    rf_fs_free(recipe);
    return rc;
}

/* Every file the build read, and the folders whose new files count. */
static bool list_inputs(const cli_gen *g, const rf_pack_opts *po, const rf_pack *p, watch_build *b)
{
    size_t i, n = p ? rf_pack_file_count(p) : 0;
    bool ok = true;
    for (i = 0; i < po->ndirs; i++)
        ok = ok && push(&b->trees, &b->ntrees, po->dirs[i]);
    if (po->scripts_dir)
        ok = ok && push(&b->trees, &b->ntrees, po->scripts_dir);
    if (po->profiles_fallback)
        ok = ok && push(&b->files, &b->nfiles, po->profiles_fallback);
    for (i = 0; i < n; i++)
        ok = ok && push(&b->files, &b->nfiles, rf_pack_file_at(p, i));
    if (g->recipe_path)
        ok = ok && push(&b->files, &b->nfiles, g->recipe_path);
    if (g->rooms_path)
        ok = ok && push(&b->files, &b->nfiles, g->rooms_path);
    return ok;
}

int watch_build_run(const cli_gen *g, rf_view_format term, bool web, watch_build *b)
{
    cli_pack_paths paths;
    rf_pack_opts po;
    rf_pack *p = NULL;
    rf_status st;
    double t0 = now_ms();
    int rc = CLI_OK;
    memset(b, 0, sizeof *b);
    if (!cli_pack_opts("watch", &g->cc, &po, &paths))
        return CLI_USAGE;
    b->diags = rf_diags_new();
    if (!b->diags)
        return cli_usage_error("watch", "out of memory");
    st = rf_pack_load(&po, &p, b->diags);
    b->ms_load = now_ms() - t0;
    if (st == RF_ERR_NOMEM || st == RF_ERR_ARG)
        rc = cli_usage_error("watch", "out of memory");
    else if (p) {
        if (check_forced(g, p, b->diags) && can_build(g, b->diags))
            rc = make_level(g, term, web, p, rf_diags_errors(b->diags), b);
    }
    if (rc == CLI_OK && !list_inputs(g, &po, p, b))
        rc = cli_usage_error("watch", "out of memory");
    rf_pack_free(p);
    return rc;
}

void watch_build_free(watch_build *b)
{
    rf_diags_free(b->diags);
    free(b->json.s);
    free(b->html.s);
    free(b->view.s);
    free(b->out.s);
    free_list(b->files, b->nfiles);
    free_list(b->trees, b->ntrees);
    memset(b, 0, sizeof *b);
}
