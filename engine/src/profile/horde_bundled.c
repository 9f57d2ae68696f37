/* engine/src/profile/horde_bundled.c: the population tables compiled in: the
 * rows of content/profiles.xml's <hordes>, <traps> and <decorations>.
 *
 * Pipeline: profile; used when a profile set has no tables, so a game needs
 * no content directory. test_horde compares these rows with the file's.
 * Seeds: shared/seeds/brogue-level-generation.txt (Monster Spawning).
 */
#include "horde_int.h"

/* name, leader, min depth, max depth, frequency, machine-only, members, line,
 * captive */
static const rf_horde hordes[] = {
    {"rat nest", "giant rat", 1, 5, 12, false, 1, {{"giant rat", 1, 3}}, 0, false},
    {"moth cloud", "cave moth", 1, 6, 10, false, 1, {{"cave moth", 0, 2}}, 0, false},
    {"lone kobold", "kobold", 1, 5, 10, false, 0, {{"", 0, 0}}, 0, false},
    {"jackal pack", "jackal", 1, 7, 8, false, 1, {{"jackal", 1, 3}}, 0, false},
    {"pink slime", "pink slime", 2, 9, 6, false, 0, {{"", 0, 0}}, 0, false},
    {"goblin scouts", "goblin scout", 3, 9, 10, false, 1, {{"goblin", 1, 2}}, 0, false},
    {"kobold war band", "kobold chief", 3, 8, 8, false, 2,
     {{"kobold", 2, 4}, {"kobold slinger", 0, 1}}, 0, false},
    {"giant spider", "giant spider", 5, 14, 8, false, 0, {{"", 0, 0}}, 0, false},
    {"bog lurker", "bog lurker", 6, 15, 6, false, 0, {{"", 0, 0}}, 0, false},
    {"goblin war party", "goblin warlord", 6, 14, 10, false, 2,
     {{"goblin", 2, 4}, {"goblin shaman", 1, 2}}, 0, false},
    {"hill ogre", "hill ogre", 7, 16, 10, false, 0, {{"", 0, 0}}, 0, false},
    {"ogre with thralls", "hill ogre", 9, 17, 6, false, 1, {{"goblin thrall", 1, 3}}, 0, false},
    {"wraith", "wraith", 10, 20, 10, false, 0, {{"", 0, 0}}, 0, false},
    {"centaur riders", "centaur captain", 11, 20, 7, false, 1, {{"centaur archer", 1, 2}}, 0, false},
    {"cave troll", "cave troll", 14, 24, 10, false, 0, {{"", 0, 0}}, 0, false},
    {"naga coil", "naga matriarch", 14, 24, 7, false, 1, {{"naga", 1, 2}}, 0, false},
    {"salamander", "salamander", 15, 25, 8, false, 0, {{"", 0, 0}}, 0, false},
    {"iron golem", "iron golem", 16, 26, 6, false, 0, {{"", 0, 0}}, 0, false},
    {"shadow cult", "cult hierophant", 16, 26, 10, false, 1, {{"shadow acolyte", 2, 3}}, 0, false},
    {"lich", "lich", 20, 30, 5, false, 1, {{"skeleton guard", 0, 2}}, 0, false},
    {"fallen paladin", "fallen paladin", 22, 34, 6, false, 0, {{"", 0, 0}}, 0, false},
    {"wyrm brood", "elder wyrm", 27, 1000, 10, false, 1, {{"wyrmling", 1, 3}}, 0, false},
    {"abyssal host", "pit lord", 27, 1000, 10, false, 1, {{"abyssal fiend", 2, 4}}, 0, false},
    {"bone choir", "bone archon", 28, 1000, 8, false, 1, {{"bone singer", 2, 3}}, 0, false},
    {"captive goblin mystic", "goblin mystic", 3, 9, 3, false, 1, {{"kobold", 2, 3}}, 0, true},
    {"captive ogre", "ogre", 7, 14, 3, false, 1, {{"goblin", 3, 4}}, 0, true},
    {"captive naga", "naga", 14, 22, 3, false, 1, {{"shadow acolyte", 2, 3}}, 0, true},
    {"shackled kobold", "shackled kobold", 2, 8, 10, true, 0, {{"", 0, 0}}, 0, false},
    {"shackled ogre", "shackled ogre", 8, 18, 10, true, 0, {{"", 0, 0}}, 0, false},
    {"goblin king", "goblin king", 4, 12, 10, true, 1, {{"goblin guard", 3, 3}}, 0, false},
    {"vault wardens", "vault warden", 5, 26, 10, true, 1, {{"clockwork sentry", 2, 2}}, 0, false},
    {"animated statue", "animated statue", 10, 30, 10, true, 0, {{"", 0, 0}}, 0, false},
};

/* name, min depth, max depth, frequency */
static const rf_trap_kind traps[] = {
    {"loose flagstone", 1, 8, 10, 0},
    {"snare net", 2, 10, 8, 0},
    {"dart plate", 2, 14, 10, 0},
    {"alarm bell", 3, 20, 6, 0},
    {"spiked pit", 4, 26, 8, 0},
    {"poison vent", 6, 1000, 10, 0},
    {"fire jet", 8, 1000, 10, 0},
    {"collapsing floor", 10, 1000, 6, 0},
    {"paralysis rune", 14, 1000, 6, 0},
};

/* symbol, type, name, weight: the kinds a P, @ or ^ cell may become; the
 * chance is RF_DECOR_CHANCE_DEFAULT, as content/profiles.xml says */
static const rf_decoration decorations[] = {
    {'P', "decoration", "painting", 1, 0},
    {'P', "decoration", "tapestry", 1, 0},
    {'P', "decoration", "faded portrait", 1, 0},
    {'@', "blocker", "statue", 1, 0},
    {'@', "blocker", "barrel", 1, 0},
    {'@', "blocker", "bookshelf", 1, 0},
    {'@', "blocker", "crate", 1, 0},
    {'^', "decoration", "rug", 1, 0},
    {'^', "decoration", "bones", 1, 0},
    {'^', "decoration", "rubble", 1, 0},
    {'^', "decoration", "candles", 1, 0},
};

static const rf_horde_table bundled = {
    .hordes = hordes,
    .nhordes = sizeof hordes / sizeof hordes[0],
    .traps = traps,
    .ntraps = sizeof traps / sizeof traps[0],
    .decor = decorations,
    .ndecor = sizeof decorations / sizeof decorations[0],
    .decor_chance = RF_DECOR_CHANCE_DEFAULT,
};

const rf_horde_table *rf_horde_table_bundled(void) { return &bundled; }
