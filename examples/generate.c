/* examples/generate.c: the smallest generation client: load a content pack,
 * generate one level, print it (the map, its rooms and its objects).
 *
 * Built by CTest against the library as a game builds it (public headers
 * only) and run under valgrind in the suite; docs/games.md walks through it.
 *
 *   cc -std=c11 generate.c $(pkg-config --cflags --libs roomforge) -o generate
 *   ./generate "$(pkg-config --variable=datadir roomforge)" [PROFILE [SEED [DEPTH]]]
 */
#include <stdio.h>
#include <stdlib.h>

#include <roomforge/roomforge.h>

int main(int argc, char **argv)
{
    char path[4096];
    rf_diags *d = rf_diags_new();
    rf_template_set *rooms = rf_template_set_new();
    rf_profile_set *profiles = rf_profile_set_new();
    rf_level *level = NULL;
    rf_level_opts opts;
    size_t i;
    int rc = 1;

    if (argc < 2 || argc > 5) {
        fprintf(stderr, "usage: generate DATADIR [PROFILE [SEED [DEPTH]]]\n");
        return 2;
    }
    if (!d || !rooms || !profiles)
        goto done;
    /* 1. Content: the pack's rooms and profiles; problems go to the sink. */
    snprintf(path, sizeof path, "%s/content/rooms", argv[1]);
    if (rf_template_set_load_path(rooms, path, d) != RF_OK ||
        rf_template_set_link(rooms, d, NULL) != RF_OK) /* <subroom>s: after the last load */
        goto done;
    snprintf(path, sizeof path, "%s/content/profiles.xml", argv[1]);
    if (rf_profile_set_load(profiles, path, d) != RF_OK)
        goto done;
    /* 2. One level: options from their defaults, then ours. */
    rf_level_opts_init(&opts);
    opts.profile = argc > 2 ? argv[2] : "brogue";
    opts.seed = argc > 3 ? strtoull(argv[3], NULL, 10) : 1;
    opts.depth = argc > 4 ? atoi(argv[4]) : 5;
    opts.templates = rooms; /* borrowed: it must outlive the level */
    if (rf_level_generate(profiles, &opts, &level, d) != RF_OK)
        goto done;
    /* 3. Print it: the map, then every room and object (handles as in gen's JSON). */
    if (rf_level_write_ascii(level, stdout) != RF_OK)
        goto done;
    for (i = 0; i < rf_level_room_count(level); i++) {
        const rf_room_rec *r = rf_level_room_at(level, i);
        if (r->tmpl)
            printf("room %d: %s at %d,%d (%dx%d, orientation %d)\n", r->id,
                   rf_template_name(r->tmpl), r->x, r->y, r->w, r->h, r->orient);
    }
    for (i = 0; i < rf_level_object_count(level); i++) {
        const rf_placed *p = rf_level_object_at(level, i);
        printf("object %zu: %s \"%s\"%s%s at %d,%d in room %d\n", i + 1, p->type, p->name,
               p->id[0] ? " id " : "", p->id, p->x, p->y, p->room);
    }
    rc = 0;
done:
    if (rc != 0 && d && rf_diags_write_gcc(d, stderr, 0) != RF_OK)
        fputs("generate: cannot print the diagnostics\n", stderr);
    rf_level_free(level);
    rf_profile_set_free(profiles);
    rf_template_set_free(rooms);
    rf_diags_free(d);
    return rc;
}
