/* engine/src/core/diag_codes.c: the table of every diagnostic code.
 *
 * Pipeline: core; read by the sink, lint's --enable/--disable/--werror, the
 * code list of docs/modders.md and the tests. Codes are API: add rows only.
 */
#include <string.h>

#include "roomforge/diag.h"

#define E RF_SEV_ERROR
#define W RF_SEV_WARNING
#define N RF_SEV_NOTE

static const rf_diag_code codes[] = {
    /* files and XML */
    {"io-error", E, true, "a file or directory cannot be read"},
    {"xml-syntax", E, true, "the file is not well-formed XML"},
    {"xml-doctype", E, true, "DTDs and entity declarations are refused (XXE, billion laughs)"},
    {"xml-encoding", E, true, "the file holds NUL bytes or is not valid UTF-8"},
    {"xml-limit", E, true, "nesting, attribute or file size beyond roomforge's limits"},
    {"not-roomdb", E, true, "the root element is not <roomdb>"},
    {"unknown-element", W, true, "an element roomforge does not know; it is ignored"},
    {"unknown-object", W, true, "an element inside a room that is no object roomforge knows; it is kept as a generic object with its attributes (placed, inert in the world)"},
    {"unknown-attribute", W, true, "an attribute the element does not take; it is ignored"},
    {"duplicate-attribute", E, true, "the same attribute (ignoring case and '_') given twice"},
    {"missing-attribute", E, true, "a required attribute is missing"},
    {"bad-value", E, true, "an attribute value of the wrong type or out of range"},
    {"too-many-errors", N, true, "further diagnostics of this file were dropped"},
    /* the room map */
    {"no-rows", E, true, "a room without <row> lines"},
    {"row-width", W, true, "the rows disagree with the declared width; the rows win"},
    {"row-height", W, true, "the row count disagrees with the declared height; the rows win"},
    {"ragged-rows", E, true, "rows of different lengths"},
    {"unknown-symbol", E, true, "a map character that is not a rooms.xml symbol"},
    {"room-too-big", E, true, "a room side beyond 255 tiles"},
    {"door-edge", E, true, "a door centre not on the room's edge for its kind (D top/bottom, d left/right)"},
    {"door-blocked", E, true, "a door with no walkable tile behind it"},
    {"door-span", E, true, "a door whose 3-tile span leaves the map or crosses floor"},
    {"no-doors", W, true, "a room without doors can never be stitched into a level"},
    {"anchor-missing", E, true, "at= names a digit that is not on the map"},
    {"anchor-unused", W, true, "a digit on the map that no at= uses; it becomes wall"},
    {"wall-thin", N, false, "a wall one tile high (Dredmor asks for two); off unless enabled"},
    /* flags and rooms */
    {"level-range", E, true, "minLevel greater than maxLevel"},
    {"duplicate-room", W, true, "the same room name twice, in one file or two of one pack; both are kept"},
    {"room-replaced", N, true, "a room of a later content pack replaces the room of that name in an earlier one"},
    {"profile-replaced", N, true, "a profile of a later content pack replaces the profile of that name in an earlier one"},
    {"room-left-out", N, true, "a room with errors is left out of the content a command uses"},
    {"duplicate-flags", W, true, "more than one <flags> in a room; later values win"},
    {"shop-incomplete", E, true, "a shop needs S, s and at least one i on its map"},
    {"shop-monster", W, true, "a monster or horde in a shop upsets the shopkeeper"},
    {"shop-symbol", W, true, "S, s or i on the map of a room that is not a shop"},
    {"zoo-shape", W, true, "a zoo whose outline is not rectangular misbehaves"},
    /* objects */
    {"object-outside", E, true, "an object placed outside the map"},
    {"object-on-wall", E, true, "an object on a wall or outside-room cell"},
    {"object-position", E, true, "an object with neither at= nor both x= and y="},
    {"duplicate-id", E, true, "two objects of one room share an id"},
    /* scripts */
    {"unknown-id", E, true, "a script names an id no object of the room has or creates"},
    {"unknown-condition", E, true, "a condition_type no registered condition has"},
    {"unknown-action", E, true, "an action_type no registered action has"},
    {"empty-script", W, true, "a script without actions does nothing"},
    {"script-syntax", E, true, "a Lua script that does not compile"},
    {"script-error", E, true, "a Lua script raised an error"},
    {"script-budget", E, true, "a script ran past its instruction budget"},
    {"script-memory", E, true, "a script ran past the world's memory cap"},
    {"script-forbidden", E, true, "a script reached for something the sandbox removes"},
    {"script-src", E, true, "a <script src> file cannot be read"},
    /* level profiles (content/profiles.xml) */
    {"not-profiles", E, true, "the root element of a profiles file is not <profiles>"},
    {"duplicate-profile", E, true, "two profiles share a name; the second is skipped"},
    {"unknown-recipe", E, true, "a profile names a recipe that is neither bundled nor a readable .lua file"},
    {"recipe-incomplete", E, true, "a level recipe returned without digging, finishing its dig, placing the stairs or placing planned templates"},
    {"rooms-file-unused", E, true, "a rooms-file was given for a level whose recipe never calls dig_crawl"},
    {"unknown-profile", E, true, "no profile of that name is loaded"},
    {"bad-level-option", E, true, "a level option out of range (depth, size, difficulty, forced rooms, recipe): rf_level_opts_check, which every front end's options go through"},
    {"level-failed", E, true, "a level cannot be made (lint's trial levels of a profile, gen, catalog); the message says why"},
    {"level-budget", E, true, "a level recipe asked for more attempts than the level's work budget, or a trial level ran past lint's time guard"},
    {"unknown-param", W, true, "a profile parameter its recipe does not read; it is ignored"},
    /* population tables (<hordes>, <traps>, <decorations> in content/profiles.xml) */
    {"duplicate-horde", E, true, "two hordes share a name; the second is skipped"},
    {"duplicate-trap", E, true, "two trap kinds share a name; the second is skipped"},
    {"population-gap", W, true, "some depth 1-26 has no random horde or no trap kind to place"},
    {"decoration-symbol", E, true, "a <decoration> symbol other than P, @ or ^; the row is skipped"},
    {"duplicate-decoration", E, true, "a decoration name given twice for one symbol, or chance= set twice; the second is skipped"},
    /* the placer (gen --room, templates in levels) */
    {"room-not-placed", E, true, "a room forced into a level (gen --room) cannot be placed there; the message says why"},
    {"room-skipped", N, true, "a template drawn for a level could not be placed; the message says why"},
    {"decoration-missing", W, true, "a placed template has P, @ or ^ cells but the decoration table has no row for that symbol; they stay bare"},
    /* DungeonMaker rooms-files */
    {"rooms-file-syntax", E, true, "a rooms-file line that does not match the seed's format"},
    {"rooms-file-range", E, true, "a rooms-file number outside the range the format allows"},
    {"rooms-file-limit", E, true, "a rooms-file beyond roomforge's caps (entries or bytes)"},
    {"rooms-file-order", E, true, "a rooms-file line from a later section (a missing terminator)"},
    {"rooms-file-pair", E, true, "a crawler termination 3 not followed by a 4, or a 4 without a 3"},
    {"rooms-file-truncated", E, true, "a rooms-file that ends before its protuberances line"},
    {"rooms-file-count", W, true, "more rooms-file entries of a kind than its limits line allows"},
    /* sim scenarios (tests/scenarios, roomforge sim) */
    {"scenario-syntax", E, true, "a scenario line that is not a command of the sim format"},
    {"scenario-limit", E, true, "a scenario beyond sim's caps (ticks, hits, lines, bytes)"},
    {"scenario-unticked", W, true, "scenario events after the last tick, which no rule ever sees"},
    {"scenario-object", E, true, "a scenario event names an object the room does not hold, or one of the wrong kind"},
    {"unknown-room", E, true, "a room name (gen --room, show, sim --room, a scenario's room line) that is not loaded"},
    {"unknown-machine", E, true, "a machine blueprint name (sim --machine) that no machines.xml of the content holds"},
    {"expect-failed", E, true, "a scenario's expect line names an effect that did not happen"},
    /* stats over many levels (roomforge stats) */
    {"stats-options", E, true, "stats options out of range or contradictory (count, depths, jobs, shard, a profile given twice)"},
    {"stats-merge", E, true, "a file given to stats --merge is not a stats JSON report, or the files are not the shards of one run"},
    /* world saves and run states (rf_world_save, rf_run_save and their loads) */
    {"save-state", E, true, "a room's room.state holds what a save cannot keep (a function, a cycle, a table with a metatable); the message names the room"},
    {"save-version", E, true, "a world save or run state from a later version of roomforge than this library reads"},
    {"save-damaged", E, true, "a world save or run state that is damaged, truncated, not a save, or made with other templates, extensions or profiles"},
    /* lint's project policy (roomforge.toml, suppression comments, --baseline) */
    {"config-syntax", E, true, "a roomforge.toml line that is not TOML roomforge reads"},
    {"config-key", E, true, "a roomforge.toml key or table roomforge does not know"},
    {"config-value", E, true, "a roomforge.toml value of the wrong type, or naming no diagnostic code or severity"},
    {"baseline-bad", E, true, "a --baseline file that cannot be read or is not lint's JSON output"},
    {"unknown-suppression", W, true, "a roomforge: disable-next-line comment names no diagnostic code"},
    /* reading a pack's files (issues 27, 35) */
    {"file-changed", E, true, "a file changed (rewritten, truncated or grown) while it was read; it is not loaded"},
    {"symlink-outside", E, true, "a symbolic link in a pack whose target lies outside the pack; refused, never read"},
    {"folder-too-deep", E, true, "a folder more than 16 levels below the path walked; not walked"},
    {"no-rooms-file", E, true, "a path given to lint holds no .xml file at all (a mistyped path in CI)"},
    /* the world's own bounds (issue 27) */
    {"world-limit", E, true, "a world ticked as often as a world may (2^53 ticks), past which a save would not load"},
    /* events by handle, host callbacks (issue 29) */
    {"world-event", E, true, "an event the world refused: no object has the handle, the object's type does not take the event, fewer than 1 hit, a cell out of range"},
    {"world-busy", E, true, "a call that would change the world made from inside one of its host callbacks, refused"},
    /* the parts of a room no door reaches (issue 28) */
    {"unreachable-part", W, true, "a part of a room that no door reaches, not even by a diagonal step; a level walls it and the objects in it"},
    {"diagonal-only-part", W, true, "a part of a room reached from its doors only by diagonal steps; levels connect by 4-neighbour steps, so a level walls it and the objects in it"},
    /* rooms that vary (DESIGN 16, issue 32) */
    {"vary-bad-glyph", E, true, "a <subst> or <nsubst> glyph that is not one printable ASCII character other than a map symbol"},
    {"vary-bad-choices", E, true, "a <subst> choices text that is not glyphs with optional :weight (1-10000)"},
    {"vary-bad-counts", E, true, "an <nsubst> counts text that is not N=glyph or *=glyph items apart by '/'"},
    {"vary-bad-groups", E, true, "a <shuffle> groups text that is not two or more groups of placeholders of one length apart by '/'"},
    {"vary-bad-weight", E, true, "a <weight> whose depth is not A-B or A (1-based, A <= B)"},
    {"vary-bad-unique", E, true, "a <unique> whose scope is not level or run"},
    {"vary-unresolved", E, true, "a cell that is no map symbol after <vary> in some variant (lint names the first)"},
    {"vary-object-blocked", E, true, "an object on a cell that a variant made wall (lint names the first variant)"},
    {"vary-subroom-box", E, true, "a <subroom> whose glyph's cells are not one filled rectangle (or are none)"},
    {"vary-subroom-none", E, true, "a <subroom> no loaded room fills: none has all its tags and the box's size in an orientation it allows"},
    {"vary-subroom-cycle", E, true, "a room that can end up inside itself through <subroom> tags"},
    {"vary-subroom-depth", E, true, "subrooms nested deeper than 4 rooms"},
    {"vary-subroom-lua", W, true, "a room a <subroom> could take carries Lua scripts, which a subroom cannot bring: it is no candidate"},
    {"vary-validate", E, true, "a <validate> chunk that fails to run, or that no variant of the lint seeds passes"},
    /* machines.xml (DESIGN 17) */
    {"not-machines", E, true, "the root element of a machines file is not <machines>"},
    {"duplicate-blueprint", E, true, "the same blueprint name twice in a catalogue; the later one is left out"},
    {"unknown-kind", E, true, "a blueprint kind other than reward, key-holder and auto"},
    {"unknown-requirement", E, true, "a blueprint room= other than any, dead-end, chokepoint and none"},
    {"bad-range", E, true, "a depth=, size= or count= that is not N or A-B with A <= B within its bounds"},
    {"feature-one-of", E, true, "a <feature> with neither or both of terrain= and object="},
    {"unknown-glyph", E, true, "a feature's terrain= that is not one DESIGN 6 terrain glyph"},
    {"unknown-flag", E, true, "a feature flag that is not in DESIGN 17's list"},
    {"no-features", W, true, "a blueprint without a <feature> builds nothing"},
    /* Tiled maps (roomforge export --format tmx, roomforge import; issue 34) */
    {"tmx-map", E, true, "a .tmx that is no finite Tiled map roomforge reads: root, tile size, tilesets"},
    {"tmx-layer", E, true, "a map without a CSV tile layer of 1..255 cells a side, or with the wrong cell count"},
    {"tmx-gid", E, true, "a map cell whose tile has no glyph property"},
    {"tmx-object", E, true, "a map object without a type (its rooms.xml element) or outside the map"},
    {"tmx-property", E, true, "a property that cannot become rooms.xml: a bad name, a name twice, a glyph not one character, rooms.xml text that is no XML"},
    {"tmx-ignored", W, true, "a map property that does not travel to rooms.xml; it is ignored"},
    {"tmx-glyph", E, true, "a room whose map holds a character no tile draws (outside printable ASCII)"},
    {"tmx-source", E, true, "the room to export is no longer where its file had it (the file changed since it was loaded)"},
};

#undef E
#undef W
#undef N

const rf_diag_code *rf_diag_codes(size_t *count)
{
    *count = sizeof codes / sizeof codes[0];
    return codes;
}

const rf_diag_code *rf_diag_code_find(const char *code)
{
    size_t i;
    if (!code)
        return NULL;
    for (i = 0; i < sizeof codes / sizeof codes[0]; i++)
        if (strcmp(codes[i].code, code) == 0)
            return &codes[i];
    return NULL;
}

const char *rf_severity_name(rf_severity s)
{
    switch (s) {
    case RF_SEV_NOTE: return "note";
    case RF_SEV_WARNING: return "warning";
    case RF_SEV_ERROR: return "error";
    }
    return "error";
}
