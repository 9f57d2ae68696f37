/* tests/unit/test_rules.c: unit tests for the rule VM (the Lua files of
 * scripts/roomforge, through world.c): every Dredmor condition and action,
 * each with `not` and `notfound`, and the tick semantics of DESIGN 4.
 *
 * Each case is one room (a fixed map and objects, plus the case's scripts)
 * played with a list of events; the effect lines it printed (room-local, as
 * sim prints them) must equal the expected ones. The id "ghost" is made only
 * by a create action that never runs, so it names no object (notfound).
 */
#include <stdio.h>
#include <string.h>

#include "rf_test.h"
#include "roomforge/diag.h"
#include "roomforge/template.h"
#include "roomforge/world.h"

#define ROOM_HEAD                                                                                  \
    "<roomdb>\n"                                                                                   \
    "  <room name=\"T\" width=\"11\" height=\"5\">\n"                                              \
    "    <row text=\"#####D#####\"/>\n"                                                            \
    "    <row text=\"#.........#\"/>\n"                                                            \
    "    <row text=\"#..1......#\"/>\n"                                                            \
    "    <row text=\"#.........#\"/>\n"                                                            \
    "    <row text=\"#####D#####\"/>\n"                                                            \
    "    <lever id=\"lv\" x=\"1\" y=\"1\"/>\n"                                                     \
    "    <clock id=\"ck\" x=\"2\" y=\"1\" initial=\"2\" started=\"0\" png=\"c.png\"/>\n"           \
    "    <customBreakable id=\"br\" name=\"Urn\" x=\"3\" y=\"1\" hitsNeededToBreak=\"2\" "         \
    "broken=\"b.png\" png=\"p.png\"/>\n"                                                           \
    "    <monster id=\"mon\" x=\"4\" y=\"1\"/>\n"                                                  \
    "    <customBlocker id=\"gate\" x=\"5\" y=\"1\" passable=\"0\" png=\"g.png\"/>\n"              \
    "    <customEngraving id=\"eng\" at=\"1\" png=\"e.png\"/>\n"                                   \
    "    <script>\n"                                                                               \
    "      <condition condition_type=\"exited\" not=\"1\"/>\n"                                     \
    "      <condition condition_type=\"exited\"/>\n"                                               \
    "      <action action_type=\"create\" create_type=\"customEngraving\" id=\"ghost\" x=\"6\" "   \
    "y=\"1\" png=\"g.png\"/>\n"                                                                    \
    "    </script>\n"
#define ROOM_TAIL "  </room>\n</roomdb>\n"

/* One script: conditions (as attribute lists), then a ticker with text. */
#define S(rep, conds, text)                                                                        \
    "<script repeat=\"" rep "\">" conds "<action action_type=\"ticker\" text=\"" text              \
    "\"/></script>"
#define C(attrs) "<condition " attrs "/>"
#define A(attrs) "<action " attrs "/>"

typedef struct rule_case {
    const char *name;
    const char *scripts; /* XML inserted after the fixed objects */
    const char *events;  /* enter exit tick tick:N pull:ID hit:ID hit:ID:N kill:ID move:X,Y */
    const char *effects; /* expected lines joined by '|' */
} rule_case;

static const rule_case cases[] =
    {
        /* ---- activated ---- */
        {"activated holds once the lever is up",
         S("0", C("condition_type=\"activated\" id=\"lv\""), "a"), "tick pull:lv tick tick",
         "T2 ticker \"a\""},
        {"activated with not holds while the lever is down",
         S("1", C("condition_type=\"activated\" id=\"lv\" not=\"1\""), "a"), "tick pull:lv tick",
         "T1 ticker \"a\""},
        {"activated compares with activated=0",
         S("1", C("condition_type=\"activated\" id=\"lv\" activated=\"0\""), "a"),
         "tick pull:lv tick", "T1 ticker \"a\""},
        {"activated on no object answers notfound 0 even with not",
         S("1", C("condition_type=\"activated\" id=\"ghost\" not=\"1\""), "a"), "tick tick", ""},
        {"activated on no object answers notfound 1 even with not",
         S("0", C("condition_type=\"activated\" id=\"ghost\" not=\"1\" notfound=\"1\""), "a"),
         "tick", "T1 ticker \"a\""},
        /* ---- activated_changed ---- */
        {"activated_changed holds in the next tick only",
         S("1", C("condition_type=\"activated_changed\" id=\"lv\""), "c"), "pull:lv tick tick",
         "T1 ticker \"c\""},
        {"activated_changed compares the new state with activated=0",
         S("1", C("condition_type=\"activated_changed\" id=\"lv\" activated=\"0\""), "c"),
         "pull:lv tick pull:lv tick", "T2 ticker \"c\""},
        {"activated_changed with not holds when nothing changed",
         S("1", C("condition_type=\"activated_changed\" id=\"lv\" not=\"1\""), "c"),
         "tick pull:lv tick tick", "T1 ticker \"c\"|T3 ticker \"c\""},
        {"activated_changed on no object answers its default notfound 1 whatever not says",
         S("0", C("condition_type=\"activated_changed\" id=\"ghost\" not=\"1\""), "c"), "tick",
         "T1 ticker \"c\""},
        {"activated_changed with notfound 0 on no object never holds",
         S("1", C("condition_type=\"activated_changed\" id=\"ghost\" notfound=\"0\""), "c"),
         "tick tick", ""},
        /* ---- at ---- */
        {"at holds where the object stands",
         S("0", C("condition_type=\"at\" id=\"mon\" x=\"4\" y=\"1\""), "t"), "tick",
         "T1 ticker \"t\""},
        {"at reads anchors", S("0", C("condition_type=\"at\" id=\"eng\" at=\"1\""), "t"), "tick",
         "T1 ticker \"t\""},
        {"at with not holds elsewhere",
         S("1", C("condition_type=\"at\" id=\"mon\" x=\"4\" y=\"1\" not=\"1\""), "t"), "tick tick",
         ""},
        {"at follows a move action at once",
         "<script>" A("action_type=\"move\" id=\"mon\" x=\"7\" y=\"2\"") "</script>" S(
             "0", C("condition_type=\"at\" id=\"mon\" x=\"7\" y=\"2\""), "t"),
         "tick", "T1 move mon 7,2|T1 ticker \"t\""},
        {"at on no object answers notfound",
         S("0", C("condition_type=\"at\" id=\"ghost\" x=\"6\" y=\"1\" notfound=\"1\" not=\"1\""),
           "t") S("0", C("condition_type=\"at\" id=\"ghost\" x=\"6\" y=\"1\" not=\"1\""), "u"),
         "tick tick", "T1 ticker \"t\""},
        /* ---- entered / exited ---- */
        {"entered holds in the tick after the event only",
         S("1", C("condition_type=\"entered\""), "in"), "tick enter tick tick", "T2 ticker \"in\""},
        {"events before the first tick are seen by tick 1",
         S("1", C("condition_type=\"entered\""), "in"), "enter tick", "T1 ticker \"in\""},
        {"entered with not holds without the event",
         S("1", C("condition_type=\"entered\" not=\"1\""), "n"), "enter tick tick",
         "T2 ticker \"n\""},
        {"exited holds after exit", S("1", C("condition_type=\"exited\""), "out"),
         "enter tick exit tick", "T2 ticker \"out\""},
        {"exited with not", S("0", C("condition_type=\"exited\" not=\"1\""), "n"), "exit tick tick",
         "T2 ticker \"n\""},
        /* ---- event ---- */
        {"event hit holds the tick after a hit",
         S("1", C("condition_type=\"event\" id=\"br\" event_type=\"hit\""), "h"),
         "hit:br tick tick", "T1 ticker \"h\""},
        {"event broken holds when the hits reach hitsNeededToBreak",
         S("1", C("condition_type=\"event\" id=\"br\" event_type=\"broken\""), "b"),
         "hit:br tick hit:br tick hit:br tick", "T2 ticker \"b\""},
        {"event broken after many hits at once",
         S("1", C("condition_type=\"event\" id=\"br\" event_type=\"broken\""), "b"),
         "hit:br:5 tick", "T1 ticker \"b\""},
        {"event with not holds in quiet ticks",
         S("1", C("condition_type=\"event\" id=\"br\" event_type=\"hit\" not=\"1\""), "q"),
         "hit:br tick tick", "T2 ticker \"q\""},
        {"event on no object answers notfound",
         S("0", C("condition_type=\"event\" id=\"ghost\" event_type=\"hit\" notfound=\"1\""), "g")
             S("0", C("condition_type=\"event\" id=\"ghost\" event_type=\"hit\" not=\"1\""), "x"),
         "tick", "T1 ticker \"g\""},
        /* ---- isAlive / isDead ---- */
        {"isalive holds until the kill", S("1", C("condition_type=\"isalive\" id=\"mon\""), "l"),
         "tick kill:mon tick", "T1 ticker \"l\""},
        {"isalive with not holds after the kill",
         S("1", C("condition_type=\"isAlive\" id=\"mon\" not=\"1\""), "d"), "tick kill:mon tick",
         "T2 ticker \"d\""},
        {"isdead holds after the kill (the dead monster is still found)",
         S("1", C("condition_type=\"isdead\" id=\"mon\""), "d"), "tick kill:mon tick tick",
         "T2 ticker \"d\"|T3 ticker \"d\""},
        {"isdead with not holds while alive",
         S("1", C("condition_type=\"isDead\" id=\"mon\" not=\"1\""), "l"), "tick kill:mon tick",
         "T1 ticker \"l\""},
        {"isdead of a removed monster answers notfound",
         "<script>" C("condition_type=\"entered\"")
             A("action_type=\"remove\" id=\"mon\"") "</script>" S(
                 "1", C("condition_type=\"isdead\" id=\"mon\" notfound=\"1\""), "nf")
                 S("1", C("condition_type=\"isalive\" id=\"mon\" not=\"1\""), "x"),
         "tick enter tick", "T2 remove mon|T2 ticker \"nf\""},
        /* ---- started / stopped ---- */
        {"a clock never started is stopped", S("0", C("condition_type=\"stopped\" id=\"ck\""), "s"),
         "tick", "T1 ticker \"s\""},
        {"started with not holds for a stopped clock",
         S("0", C("condition_type=\"started\" id=\"ck\" not=\"1\""), "s"), "tick",
         "T1 ticker \"s\""},
        {"started=0 compares with stopped",
         S("0", C("condition_type=\"started\" id=\"ck\" started=\"0\""), "s"), "tick",
         "T1 ticker \"s\""},
        {"a started clock counts down before scripts and stops at 0",
         "<script>" C("condition_type=\"entered\"")
             A("action_type=\"set\" id=\"ck\" set_type=\"started\" value=\"1\"") "</script>" S(
                 "1", C("condition_type=\"started\" id=\"ck\""), "run")
                 S("0",
                   C("condition_type=\"stopped\" id=\"ck\"")
                       C("condition_type=\"entered\" not=\"1\""),
                   "stop"),
         "enter tick tick tick tick",
         "T1 set ck started 1|T1 ticker \"run\"|T2 ticker \"run\"|T3 clock ck stopped|T3 ticker "
         "\"stop\""},
        {"stopped with not and stopped=0",
         "<script>" C("condition_type=\"entered\"")
             A("action_type=\"set\" id=\"ck\" set_type=\"stopped\" value=\"0\"") "</script>" S(
                 "1",
                 C("condition_type=\"stopped\" id=\"ck\" stopped=\"0\"")
                     C("condition_type=\"stopped\" id=\"ck\" not=\"1\""),
                 "on"),
         "enter tick tick", "T1 set ck stopped 0|T1 ticker \"on\"|T2 ticker \"on\""},
        {"started and stopped on no object answer notfound",
         S("0", C("condition_type=\"started\" id=\"ghost\" notfound=\"1\" not=\"1\""), "a")
             S("0", C("condition_type=\"stopped\" id=\"ghost\" not=\"1\""), "b")
                 S("0", C("condition_type=\"stopped\" id=\"ghost\" notfound=\"1\""), "c"),
         "tick", "T1 ticker \"a\"|T1 ticker \"c\""},
        /* ---- actions ---- */
        {"create makes any object tag, read as in a room",
         "<script>" C("condition_type=\"entered\"") A(
             "action_type=\"create\" create_type=\"lever\" id=\"l2\" x=\"7\" y=\"3\" "
             "activated=\"1\"") A("action_type=\"create\" create_type=\"element\" type=\"lever\" "
                                  "id=\"l3\" x=\"8\" y=\"3\"")
             A("action_type=\"create\" create_type=\"horde\" at=\"1\" name=\"Rats\"") "</script>" S(
                 "0",
                 C("condition_type=\"activated\" id=\"l2\"")
                     C("condition_type=\"activated\" id=\"l3\" not=\"1\""),
                 "made"),
         "enter tick",
         "T1 create lever l2 at 7,3|T1 create lever l3 at 8,3|T1 create horde at 3,2|T1 ticker "
         "\"made\""},
        {"a created monster can be killed and found dead",
         "<script>" C("condition_type=\"entered\"") A("action_type=\"create\" "
                                                      "create_type=\"monster\" id=\"m2\" x=\"7\" "
                                                      "y=\"3\"") "</script>" S(
             "1", C("condition_type=\"isdead\" id=\"m2\""), "dead"),
         "enter tick kill:m2 tick", "T1 create monster m2 at 7,3|T2 ticker \"dead\""},
        {"remove makes the object not found at once",
         "<script>" C("condition_type=\"entered\"")
             A("action_type=\"remove\" id=\"gate\"") "</script>" S(
                 "0",
                 C("condition_type=\"at\" id=\"gate\" x=\"5\" y=\"1\" not=\"1\" notfound=\"1\""),
                 "gone"),
         "enter tick", "T1 remove gate|T1 ticker \"gone\""},
        {"actions on an object that is gone do nothing",
         "<script>" C("condition_type=\"entered\"") A("action_type=\"remove\" id=\"gate\"")
             A("action_type=\"remove\" id=\"gate\"") A(
                 "action_type=\"move\" id=\"gate\" x=\"1\" y=\"1\"")
                 A("action_type=\"set\" id=\"gate\" set_type=\"passable\" value=\"1\"") "</script>",
         "enter tick", "T1 remove gate"},
        {"set passable",
         "<script>" C("condition_type=\"entered\"")
             A("action_type=\"set\" id=\"gate\" set_type=\"passable\" value=\"1\"") "</script>",
         "enter tick", "T1 set gate passable 1"},
        {"set stopped stops a started clock",
         "<script>" C(
             "condition_type=\"entered\"") A("action_type=\"set\" id=\"ck\" set_type=\"started\" "
                                             "value=\"1\"") "</script>"
                                                            "<script>" C(
                                                                "condition_type=\"exited\"")
                                                                A("action_type=\"set\" id=\"ck\" "
                                                                  "set_type=\"stopped\" "
                                                                  "value=\"1\"") "</script>" S(
                                                                    "1",
                                                                    C("condition_type=\"stopped\" "
                                                                      "id=\"ck\"")
                                                                        C("condition_type="
                                                                          "\"exited\""),
                                                                    "halt"),
         "enter tick exit tick tick tick",
         "T1 set ck started 1|T2 set ck stopped 1|T2 ticker \"halt\""},
        {"spell defaults to the player's position when it runs",
         "<script repeat=\"1\">" C("condition_type=\"entered\"")
             A("action_type=\"spell\" casts=\"Weak Firebolt\"")
                 A("action_type=\"spell\" casts=\"Zap\" sourceX=\"1\" sourceY=\"2\"")
                     A("action_type=\"spell\" casts=\"Arc\" sourceAt=\"1\" targetX=\"9\" "
                       "targetY=\"3\"") "</script>",
         "move:3,2 enter tick move:4,3 enter tick",
         "T1 spell \"Weak Firebolt\" from 3,2 to 3,2|T1 spell \"Zap\" from 1,2 to 3,2|"
         "T1 spell \"Arc\" from 3,2 to 9,3|T2 spell \"Weak Firebolt\" from 4,3 to 4,3|"
         "T2 spell \"Zap\" from 1,2 to 4,3|T2 spell \"Arc\" from 3,2 to 9,3"},
        {"trigger is another name of ticker",
         "<script>" C("condition_type=\"entered\"")
             A("action_type=\"trigger\" text=\"say &quot;hi&quot;\"")
                 A("action_type=\"ticker\" text=\"two\"") "</script>",
         "enter tick", "T1 ticker \"say \\\"hi\\\"\"|T1 ticker \"two\""},
        /* ---- repeat, order ---- */
        {"without repeat a script fires at most once",
         S("0", C("condition_type=\"isalive\" id=\"mon\""), "once"), "tick tick tick",
         "T1 ticker \"once\""},
        {"repeat=1 fires on every tick its conditions hold",
         S("1", C("condition_type=\"isalive\" id=\"mon\""), "each"), "tick tick kill:mon tick",
         "T1 ticker \"each\"|T2 ticker \"each\""},
        {"all conditions must hold",
         S("1", C("condition_type=\"isalive\" id=\"mon\"") C("condition_type=\"entered\""), "both"),
         "tick enter tick kill:mon enter tick", "T2 ticker \"both\""},
        {"scripts run in file order and see each other's changes at once",
         "<script>" C("condition_type=\"entered\"")
             A("action_type=\"ticker\" text=\"1\"")
                 A("action_type=\"set\" id=\"gate\" set_type=\"passable\" value=\"1\"")
                     A("action_type=\"ticker\" text=\"2\"") "</script>"
                                                            "<script>" C(
                                                                "condition_type=\"entered\"")
                                                                A("action_type=\"remove\" "
                                                                  "id=\"eng\"") "</script>" S(
                                                                    "0",
                                                                    C("condition_type=\"at\" "
                                                                      "id=\"eng\" at=\"1\" "
                                                                      "notfound=\"1\"")
                                                                        C("condition_type="
                                                                          "\"entered\""),
                                                                    "3"),
         "enter tick",
         "T1 ticker \"1\"|T1 set gate passable 1|T1 ticker \"2\"|T1 remove eng|T1 ticker \"3\""},
};

static rf_diags *d;
static rf_template_set *set;
static rf_world *w;
static char got[4096];

static void teardown(void)
{
    rf_world_free(w);
    rf_template_set_free(set);
    rf_diags_free(d);
    w = NULL;
    set = NULL;
    d = NULL;
}

/* Loads ROOM_HEAD + scripts + ROOM_TAIL into a one-room world. */
static void load_room(const char *scripts)
{
    static char xml[16384];
    size_t i;
    int n = snprintf(xml, sizeof xml, "%s%s%s", ROOM_HEAD, scripts, ROOM_TAIL);
    ck_assert(n > 0 && (size_t)n < sizeof xml);
    d = rf_diags_new();
    set = rf_template_set_new();
    ck_assert_ptr_nonnull(d);
    ck_assert_ptr_nonnull(set);
    ck_assert_int_eq(rf_template_set_load_buffer(set, "t.xml", xml, (size_t)n, d), RF_OK);
    for (i = 0; i < rf_diags_count(d); i++)
        ck_assert_msg(rf_diags_at(d, i)->severity != RF_SEV_ERROR, "%s: %s",
                      rf_diags_at(d, i)->code, rf_diags_at(d, i)->message);
    ck_assert_uint_eq(rf_template_set_count(set), 1);
    ck_assert_int_eq(rf_world_new(NULL, d, &w), RF_OK);
    ck_assert_int_eq(rf_world_add_room(w, rf_template_set_at(set, 0), 0, 0, d, NULL), RF_OK);
}

/* Plays events (space-separated) and writes the effect lines into got. */
static void play(const char *events)
{
    char buf[512], *tok, *save = NULL;
    size_t i, len = 0;
    snprintf(buf, sizeof buf, "%s", events);
    for (tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        char id[64];
        int n = 1, x, y;
        if (strcmp(tok, "tick") == 0) {
            ck_assert_int_eq(rf_world_tick(w, d), RF_OK);
        } else if (sscanf(tok, "tick:%d", &n) == 1) {
            while (n-- > 0)
                ck_assert_int_eq(rf_world_tick(w, d), RF_OK);
        } else if (strcmp(tok, "enter") == 0) {
            ck_assert_int_eq(rf_world_enter(w, 0, NULL), RF_OK);
        } else if (strcmp(tok, "exit") == 0) {
            ck_assert_int_eq(rf_world_exit(w, 0, NULL), RF_OK);
        } else if (sscanf(tok, "move:%d,%d", &x, &y) == 2) {
            ck_assert_int_eq(rf_world_move_player(w, x, y, NULL), RF_OK);
        } else if (sscanf(tok, "pull:%63s", id) == 1) {
            ck_assert_int_eq(rf_world_pull(w, 0, id, NULL), RF_OK);
        } else if (sscanf(tok, "kill:%63s", id) == 1) {
            ck_assert_int_eq(rf_world_kill(w, 0, id, NULL), RF_OK);
        } else if (strncmp(tok, "hit:", 4) == 0) {
            char *colon;
            snprintf(id, sizeof id, "%s", tok + 4);
            colon = strchr(id, ':');
            if (colon) {
                *colon = '\0';
                n = atoi(colon + 1);
            }
            ck_assert_int_eq(rf_world_hit(w, 0, id, n, NULL), RF_OK);
        } else {
            ck_abort_msg("bad event %s", tok);
        }
    }
    got[0] = '\0';
    for (i = 0; i < rf_world_effect_count(w); i++) {
        char line[256];
        rf_effect_format(rf_world_effect_at(w, i), true, line, sizeof line);
        len += (size_t)snprintf(got + len, sizeof got - len, "%s%s", i ? "|" : "", line);
        ck_assert_uint_lt(len, sizeof got);
    }
}

START_TEST(rule_case_plays_as_expected)
{
    const rule_case *c = &cases[_i];
    load_room(c->scripts);
    play(c->events);
    ck_assert_msg(strcmp(got, c->effects) == 0, "case '%s':\n got  %s\n want %s", c->name, got,
                  c->effects);
    ck_assert_uint_eq(rf_diags_errors(d), 0);
}
END_TEST

/* ---- events refused ---- */

START_TEST(events_on_wrong_objects_are_refused)
{
    load_room("");
    ck_assert_int_eq(rf_world_pull(w, 0, "mon", NULL), RF_ERR_ARG);
    ck_assert_int_eq(rf_world_pull(w, 0, "nothing", NULL), RF_ERR_ARG);
    ck_assert_int_eq(rf_world_hit(w, 0, "lv", 1, NULL), RF_ERR_ARG);
    ck_assert_int_eq(rf_world_hit(w, 0, "br", 0, NULL), RF_ERR_ARG);
    ck_assert_int_eq(rf_world_kill(w, 0, "gate", NULL), RF_ERR_ARG);
    ck_assert_int_eq(rf_world_kill(w, 0, "ghost", NULL), RF_ERR_ARG);
    ck_assert_int_eq(rf_world_enter(w, 1, NULL), RF_ERR_ARG);
    ck_assert_int_eq(rf_world_pull(w, 1, "lv", NULL), RF_ERR_ARG);
}
END_TEST

START_TEST(object_state_follows_events_at_once)
{
    rf_world_object o;
    load_room("");
    ck_assert(rf_world_object_find(w, 0, "lv", &o));
    ck_assert(!o.activated);
    ck_assert_int_eq(rf_world_pull(w, 0, "lv", NULL), RF_OK);
    ck_assert(rf_world_object_find(w, 0, "lv", &o));
    ck_assert(o.activated);
    ck_assert_int_eq(rf_world_hit(w, 0, "br", 1, NULL), RF_OK);
    ck_assert(rf_world_object_find(w, 0, "br", &o));
    ck_assert_int_eq(o.hits, 1);
    ck_assert_int_eq(o.hits_needed, 2);
    ck_assert(!o.broken);
    ck_assert_int_eq(rf_world_hit(w, 0, "br", 1, NULL), RF_OK);
    ck_assert(rf_world_object_find(w, 0, "br", &o));
    ck_assert(o.broken);
    ck_assert_int_eq(rf_world_kill(w, 0, "mon", NULL), RF_OK);
    ck_assert(rf_world_object_find(w, 0, "mon", &o));
    ck_assert(!o.alive);
    ck_assert(rf_world_object_find(w, 0, "ck", &o));
    ck_assert(!o.started);
    ck_assert_int_eq(o.remaining, 2);
    ck_assert_int_eq(o.initial, 2);
    ck_assert(rf_world_object_find(w, 0, "gate", &o));
    ck_assert(!o.passable);
    ck_assert_int_eq(o.lx, 5);
    ck_assert(!rf_world_object_find(w, 0, "ghost", &o));
    ck_assert_uint_eq(rf_world_object_count(w, 0), 6);
    ck_assert_int_eq(rf_world_tick_count(w), 0);
}
END_TEST

static Suite *rules_suite(void)
{
    Suite *s = suite_create("rules");
    TCase *tc = tcase_create("cases");
    TCase *ev = tcase_create("events");
    tcase_add_checked_fixture(tc, NULL, teardown);
    tcase_add_loop_test(tc, rule_case_plays_as_expected, 0, (int)(sizeof cases / sizeof cases[0]));
    suite_add_tcase(s, tc);
    tcase_add_checked_fixture(ev, NULL, teardown);
    tcase_add_test(ev, events_on_wrong_objects_are_refused);
    tcase_add_test(ev, object_state_follows_events_at_once);
    suite_add_tcase(s, ev);
    return s;
}

RF_TEST_MAIN(rules_suite)
