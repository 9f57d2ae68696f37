/* examples/game.c: a game loop over a level's world: walk into a room, pull
 * a lever, kill a monster, tick, save, load, tick on, print the effects.
 *
 * Built by CTest against the library as a game builds it (public headers
 * only) and run under valgrind in the suite; docs/games.md walks through it.
 * It checks itself: after the load, the saved world and the loaded one tick
 * on side by side and must make the same effects (exit 1 otherwise).
 *
 *   cc -std=c11 game.c $(pkg-config --cflags --libs roomforge) -o game
 *   ./game "$(pkg-config --variable=datadir roomforge)"
 */
#include <stdio.h>
#include <string.h>

#include <roomforge/roomforge.h>

/* The host: how the game would spawn what a script creates. */
static void on_create(void *ud, const rf_effect *e)
{
    size_t i;
    (void)ud;
    printf("  host: spawn %s (handle %llu) at %d,%d", e->tag, (unsigned long long)e->handle,
           e->x, e->y);
    for (i = 0; i < e->nattrs; i++)
        printf(" %s=%s", e->attrs[i].key, e->attrs[i].value);
    putchar('\n');
}

/* The world room of the level room holding template name. */
static size_t room_named(rf_world *w, const char *name)
{
    rf_world_room r;
    size_t i;
    for (i = 0; i < rf_world_room_count(w); i++)
        if (rf_world_room_get(w, i, &r) && strcmp(r.name, name) == 0)
            return i;
    return (size_t)-1;
}

/* Walks the player to the middle of room i and tells the world; d says
 * why when it refuses. */
static rf_status walk_in(rf_world *w, size_t i, rf_diags *d)
{
    rf_world_room r;
    rf_status st;
    if (!rf_world_room_get(w, i, &r))
        return RF_ERR_ARG;
    st = rf_world_move_player(w, r.x + r.w / 2, r.y + r.h / 2, d);
    return st == RF_OK ? rf_world_enter(w, i, d) : st;
}

/* Prints the effects of w from index from, level coordinates and handles. */
static void print_effects(const rf_world *w, size_t from, const char *who)
{
    char line[512];
    size_t i;
    for (i = from; i < rf_world_effect_count(w); i++) {
        const rf_effect *e = rf_world_effect_at(w, i);
        rf_effect_format(e, false, line, sizeof line);
        printf("  %s: %s (room %zu, handle %llu)\n", who, line, e->room,
               (unsigned long long)e->handle);
    }
}

/* Whether a and b logged the same effect lines from their indices on. */
static int same_effects(const rf_world *a, size_t fa, const rf_world *b, size_t fb)
{
    char la[512], lb[512];
    if (rf_world_effect_count(a) - fa != rf_world_effect_count(b) - fb)
        return 0;
    for (; fa < rf_world_effect_count(a); fa++, fb++) {
        rf_effect_format(rf_world_effect_at(a, fa), false, la, sizeof la);
        rf_effect_format(rf_world_effect_at(b, fb), false, lb, sizeof lb);
        if (strcmp(la, lb) != 0 || rf_world_effect_at(a, fa)->handle !=
                                        rf_world_effect_at(b, fb)->handle)
            return 0;
    }
    return 1;
}

int main(int argc, char **argv)
{
    const char *forced[] = {"Rusted Portcullis", "Brood Chamber", "Cracked Urn Cellar"};
    char path[4096];
    rf_diags *d = rf_diags_new();
    rf_template_set *rooms = rf_template_set_new();
    rf_profile_set *profiles = rf_profile_set_new();
    rf_level *level = NULL;
    rf_world *world = NULL, *loaded = NULL;
    rf_world_opts wopts;
    rf_world_host host;
    rf_level_opts opts;
    rf_world_object mother;
    FILE *save = NULL;
    size_t gate, brood, urn, mark, mark2;
    int t, rc = 1;

    if (argc != 2) {
        fprintf(stderr, "usage: game DATADIR (pkg-config --variable=datadir roomforge)\n");
        return 2;
    }
    if (!d || !rooms || !profiles)
        goto done;
    snprintf(path, sizeof path, "%s/content/rooms", argv[1]);
    if (rf_template_set_load_path(rooms, path, d) != RF_OK ||
        rf_template_set_link(rooms, d, NULL) != RF_OK) /* <subroom>s: after the last load */
        goto done;
    snprintf(path, sizeof path, "%s/content/profiles.xml", argv[1]);
    if (rf_profile_set_load(profiles, path, d) != RF_OK)
        goto done;

    /* 1. A level holding the two rooms, and a world of our own options holding it. */
    rf_level_opts_init(&opts);
    opts.seed = 3;
    opts.depth = 6;
    opts.templates = rooms;
    opts.rooms = forced;
    opts.nrooms = 3;
    if (rf_level_generate(profiles, &opts, &level, d) != RF_OK)
        goto done;
    rf_world_opts_init(&wopts);
    wopts.seed = rf_level_seed(level);
    wopts.log_max = 1000; /* a long game: keep only the newest effects */
    if (rf_world_new(&wopts, d, &world) != RF_OK || rf_world_add_level(world, level, d) != RF_OK)
        goto done;
    memset(&host, 0, sizeof host);
    host.create = on_create;
    rf_world_set_host(world, &host);
    gate = room_named(world, forced[0]);
    brood = room_named(world, forced[1]);
    urn = room_named(world, forced[2]);
    printf("world: %zu rooms, %llu objects; %s is room %zu, %s room %zu, %s room %zu\n",
           rf_world_room_count(world), (unsigned long long)rf_world_last_handle(world),
           forced[0], gate, forced[1], brood, forced[2], urn);

    /* 2. Walk into the gate room, pull its lever, tick. */
    puts("walk in, pull the winch, tick:");
    if (walk_in(world, gate, d) != RF_OK || rf_world_pull(world, gate, "winch", d) != RF_OK ||
        rf_world_tick(world, d) != RF_OK)
        goto done;
    print_effects(world, 0, "T1");

    /* 3. Walk into the brood chamber, kill the mother (when she hatched), tick. */
    puts("walk in, kill the mother, tick:");
    mark = rf_world_effect_count(world);
    if (walk_in(world, brood, d) != RF_OK)
        goto done;
    if (rf_world_object_find(world, brood, "mother", &mother)) {
        printf("  the mother is handle %llu at %d,%d\n", (unsigned long long)mother.handle,
               mother.x, mother.y);
        if (rf_world_kill(world, brood, "mother", d) != RF_OK)
            goto done;
    }
    if (rf_world_tick(world, d) != RF_OK)
        goto done;
    print_effects(world, mark, "T2");

    /* 4. Save, load into a new world, and play both on: walk into the urn
     * cellar and hit the urn every tick until it breaks: the same future. */
    if (!(save = tmpfile()) || rf_world_save(world, save, d) != RF_OK)
        goto done;
    printf("saved %ld bytes at tick %ld\n", ftell(save), rf_world_tick_count(world));
    rewind(save);
    if (rf_world_load(&wopts, rooms, save, d, &loaded) != RF_OK)
        goto done;
    rf_world_set_host(loaded, &host);
    mark = rf_world_effect_count(world);
    mark2 = rf_world_effect_count(loaded);
    if (walk_in(world, urn, d) != RF_OK || walk_in(loaded, urn, d) != RF_OK)
        goto done;
    for (t = 0; t < 3; t++)
        if (rf_world_hit(world, urn, "urn", 1, d) != RF_OK ||
            rf_world_hit(loaded, urn, "urn", 1, d) != RF_OK ||
            rf_world_tick(world, d) != RF_OK || rf_world_tick(loaded, d) != RF_OK)
            goto done;
    puts("loaded, the urn hit and ticked three times:");
    print_effects(loaded, mark2, "loaded");
    if (!same_effects(world, mark, loaded, mark2)) {
        fputs("game: the loaded world did not tick on as the saved one\n", stderr);
        goto done;
    }
    puts("the loaded world ticked on exactly as the saved one");
    rc = 0;
done:
    if (rc != 0 && d && rf_diags_write_gcc(d, stderr, 0) != RF_OK)
        fputs("game: cannot print the diagnostics\n", stderr);
    if (save)
        fclose(save);
    rf_world_free(loaded);
    rf_world_free(world);
    rf_level_free(level);
    rf_profile_set_free(profiles);
    rf_template_set_free(rooms);
    rf_diags_free(d);
    return rc;
}
