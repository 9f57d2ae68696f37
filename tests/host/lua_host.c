/* tests/host/lua_host.c: a game that embeds its own Lua (LuaJIT, or Lua 5.3)
 * and links libroomforge.so, as issue 29 found one: its Lua runs before and
 * after roomforge generates a level, ticks its world, saves it and loads the
 * save back. Built once against each host Lua (tests/host/CMakeLists.txt).
 *
 * Pipeline: a host of the installed surface (public headers, shared
 * library). Design: the host's Lua is linked first, so a lua_* symbol that
 * libroomforge.so left to the dynamic linker would bind to it; the library's
 * Lua must be its own (DESIGN 14) for generation, ticks and saves to work.
 */
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <roomforge/roomforge.h>

/* The host's own Lua at work: 1 + ... + 100. */
static int host_lua(const char *when)
{
    lua_State *L = luaL_newstate();
    double x;
    if (!L)
        return 1;
    luaL_openlibs(L);
    if (luaL_loadstring(L, "local x = 0 for i = 1, 100 do x = x + i end return x") != 0 ||
        lua_pcall(L, 0, 1, 0) != 0) {
        fprintf(stderr, "lua_host: the host's Lua failed %s: %s\n", when, lua_tostring(L, -1));
        lua_close(L);
        return 1;
    }
    x = lua_tonumber(L, -1);
    lua_close(L);
    printf("host Lua %s: %.0f\n", when, x);
    return x == 5050 ? 0 : 1;
}

/* The world's effect lines since from, into buf. */
static void effects(const rf_world *w, char *buf, size_t cap)
{
    size_t i, n = 0;
    buf[0] = '\0';
    for (i = 0; i < rf_world_effect_count(w) && n + 1 < cap; i++) {
        n += rf_effect_format(rf_world_effect_at(w, i), true, buf + n, cap - n);
        if (n + 1 < cap)
            buf[n++] = '\n', buf[n] = '\0';
    }
}

int main(int argc, char **argv)
{
    const char *forced[] = {"Warden's Gate"};
    char path[4096], a[4096], b[4096];
    rf_diags *d = rf_diags_new();
    rf_template_set *rooms = rf_template_set_new();
    rf_profile_set *profiles = rf_profile_set_new();
    rf_level *level = NULL;
    rf_world *world = NULL, *back = NULL;
    rf_world_opts wopts;
    rf_world_room room;
    rf_level_opts opts;
    char *save = NULL;
    size_t save_len = 0, i, r = 0;
    FILE *f;
    int rc = 1;
    if (argc != 2 || !d || !rooms || !profiles)
        return 2;
    if (host_lua("before roomforge") != 0)
        goto done;
    snprintf(path, sizeof path, "%s/content/rooms", argv[1]);
    if (rf_template_set_load_path(rooms, path, d) != RF_OK)
        goto done;
    snprintf(path, sizeof path, "%s/content/profiles.xml", argv[1]);
    if (rf_profile_set_load(profiles, path, d) != RF_OK)
        goto done;
    rf_level_opts_init(&opts); /* Brogue's recipe: Lua in the library */
    opts.profile = "brogue";
    opts.seed = 7;
    opts.depth = 5;
    opts.templates = rooms;
    opts.rooms = forced;
    opts.nrooms = 1;
    if (rf_level_generate(profiles, &opts, &level, d) != RF_OK)
        goto done;
    printf("level: %zu template rooms, %zu objects\n", rf_level_template_count(level),
           rf_level_object_count(level));
    rf_world_opts_init(&wopts);
    wopts.seed = rf_level_seed(level);
    if (rf_world_new(&wopts, d, &world) != RF_OK || rf_world_add_level(world, level, d) != RF_OK)
        goto done;
    for (i = 0; i < rf_world_room_count(world); i++)
        if (rf_world_room_get(world, i, &room) && room.tmpl == rf_template_set_find(rooms, forced[0]))
            r = i;
    if (rf_world_enter(world, r, d) != RF_OK || rf_world_tick(world, d) != RF_OK)
        goto done;
    /* a save mid-game, loaded back; both worlds then play the same */
    if (!(f = open_memstream(&save, &save_len)))
        goto done;
    if (rf_world_save(world, f, d) != RF_OK) {
        fclose(f);
        goto done;
    }
    fclose(f);
    if (!(f = fmemopen(save, save_len, "rb")))
        goto done;
    if (rf_world_load(&wopts, rooms, f, d, &back) != RF_OK) {
        fclose(f);
        goto done;
    }
    fclose(f);
    rf_world_effects_clear(world);
    if (rf_world_kill(world, r, "warden", d) != RF_OK || rf_world_tick(world, d) != RF_OK ||
        rf_world_kill(back, r, "warden", d) != RF_OK || rf_world_tick(back, d) != RF_OK)
        goto done;
    effects(world, a, sizeof a);
    effects(back, b, sizeof b);
    printf("save: %zu bytes; after it:\n%s", save_len, a);
    if (strcmp(a, b) != 0 || !*a) {
        fprintf(stderr, "lua_host: the loaded world plays otherwise:\n%s", b);
        goto done;
    }
    rc = host_lua("after roomforge");
done:
    if (rc != 0 && rf_diags_write_gcc(d, stderr, 0) != RF_OK)
        rc = 1;
    free(save);
    rf_world_free(back);
    rf_world_free(world);
    rf_level_free(level);
    rf_profile_set_free(profiles);
    rf_template_set_free(rooms);
    rf_diags_free(d);
    return rc;
}
