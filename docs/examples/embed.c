/* docs/examples/embed.c: the game programmer's guide's example, compiled and run by the suite.
 *
 * Loads a content pack (DATADIR/content: rooms and profiles.xml), generates
 * one level with a template forced in, reads it, then plays the template's
 * rules in the level's world: the player enters the room, the warden dies,
 * and the effects a game would apply come out of the log.
 *
 *   cc -std=c11 embed.c $(pkg-config --cflags --libs roomforge) -o embed
 *   ./embed "$(pkg-config --variable=datadir roomforge)"
 */
#include <stdio.h>

#include <roomforge/diag.h>
#include <roomforge/grid.h>
#include <roomforge/level.h>
#include <roomforge/profile.h>
#include <roomforge/template.h>
#include <roomforge/world.h>

/* Prints the room's effects since effect `from` with room-local coordinates. */
static void print_effects(const rf_world *w, size_t from)
{
    char line[256];
    size_t i;
    for (i = from; i < rf_world_effect_count(w); i++) {
        rf_effect_format(rf_world_effect_at(w, i), true, line, sizeof line);
        printf("  %s\n", line);
    }
}

int main(int argc, char **argv)
{
    const char *forced[] = {"Warden's Gate"};
    char path[4096];
    rf_diags *d = rf_diags_new();
    rf_template_set *rooms = rf_template_set_new();
    rf_profile_set *profiles = rf_profile_set_new();
    rf_level *level = NULL;
    rf_world *world = NULL;
    rf_world_opts wopts;
    rf_world_room room;
    rf_world_object warden;
    rf_level_opts opts;
    const rf_grid *grid;
    char row[RF_LEVEL_MAX_SIDE + 1];
    int ux, uy, dx, dy;
    size_t i, r = 0, n;
    int rc = 1;

    if (argc != 2) {
        fprintf(stderr, "usage: embed DATADIR (pkg-config --variable=datadir roomforge)\n");
        return 2;
    }
    if (!d || !rooms || !profiles)
        goto done;

    /* 1. Content: rooms and profiles, problems into the diagnostics sink. */
    snprintf(path, sizeof path, "%s/content/rooms", argv[1]);
    if (rf_template_set_load_path(rooms, path, d) != RF_OK ||
        rf_template_set_link(rooms, d, NULL) != RF_OK) /* <subroom>s: after the last load */
        goto done;
    snprintf(path, sizeof path, "%s/content/profiles.xml", argv[1]);
    if (rf_profile_set_load(profiles, path, d) != RF_OK)
        goto done;
    printf("rooms: %zu, profiles: %zu\n", rf_template_set_count(rooms), rf_profile_count(profiles));

    /* 2. A level: options start from their defaults, so new fields break nobody. */
    rf_level_opts_init(&opts);
    opts.profile = "brogue";
    opts.seed = 1;
    opts.depth = 5;
    opts.width = 50;
    opts.height = 22;
    opts.templates = rooms; /* borrowed: must outlive the level */
    opts.rooms = forced;
    opts.nrooms = 1;
    if (rf_level_generate(profiles, &opts, &level, d) != RF_OK)
        goto done;
    grid = rf_level_grid(level);
    rf_level_stairs_up(level, &ux, &uy);
    rf_level_stairs_down(level, &dx, &dy);
    printf("level %dx%d, stairs up %d,%d down %d,%d; template rooms: %zu, objects: %zu\n",
           rf_grid_width(grid), rf_grid_height(grid), ux, uy, dx, dy,
           rf_level_template_count(level), rf_level_object_count(level));
    if (!rf_grid_row(grid, 4, row, sizeof row))
        goto done;
    printf("row 4: %s\n", row);

    /* 3. A world of the game's own options holding the level: its rooms in their
     * orientation, exactly its objects (handles as in the level JSON), rules live. */
    rf_world_opts_init(&wopts);
    wopts.seed = rf_level_seed(level);
    if (rf_world_new(&wopts, d, &world) != RF_OK || rf_world_add_level(world, level, d) != RF_OK)
        goto done;
    n = rf_world_room_count(world);
    for (i = 0; i < n; i++)
        if (rf_world_room_get(world, i, &room) && room.tmpl == rf_template_set_find(rooms, forced[0]))
            r = i;
    if (!rf_world_room_get(world, r, &room))
        goto done;
    printf("%s at %d,%d, rules: %zu\n", room.name, room.x, room.y, room.rules);

    /* 4. Events from the game, then ticks; the log says what the rules did.
     * Events take the object's handle (rf_world_kill_obj): a game keeps the
     * handles of what it spawned; an object with an id is also found by it. */
    if (rf_world_enter(world, r, d) != RF_OK || rf_world_tick(world, d) != RF_OK)
        goto done;
    if (!rf_world_object_find(world, r, "warden", &warden) ||
        rf_world_kill_obj(world, warden.handle, d) != RF_OK || rf_world_tick(world, d) != RF_OK)
        goto done;
    print_effects(world, 0);
    rc = 0;
done:
    if (rc != 0 && d && rf_diags_write_gcc(d, stderr, 0) != RF_OK)
        fputs("embed: cannot print the diagnostics\n", stderr);
    rf_world_free(world);
    rf_level_free(level);
    rf_profile_set_free(profiles);
    rf_template_set_free(rooms);
    rf_diags_free(d);
    return rc;
}
