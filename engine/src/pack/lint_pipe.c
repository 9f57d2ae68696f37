/* engine/src/pack/lint_pipe.c: a streaming lint's scripts checked on
 * threads while the loader reads on, the loader's own thread among them.
 *
 * Pipeline: pack; lint_paths.c streams rooms (rf_template_set_stream, hold
 * RF_LINT_PIPE_HOLD) into rf_lint_pipe_room. Design: n checkers, each with a
 * world linter and a staging sink: checker 0 is the loader's thread, 1..n-1
 * threads that make their linters as the loader starts, then take queued
 * rooms in order. The loader reads until the room HOLD back is unchecked,
 * then checks rooms itself until it is HALF back, so no core idles. Each room
 * records who checked it and its diagnostics' count; at the end they go to
 * the caller's sink in room order, after the loader's: the same bytes for any n.
 */
#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "core/seam.h"
#include "pack_int.h"

#define RING (RF_LINT_PIPE_HOLD + 1)
#define HALF (RF_LINT_PIPE_HOLD / 2)
#define WAKE_BATCH 8 /* rooms queued before an idle checker is woken */
#define MAX_CHECKERS 8

/* What a queued room's check left: how many diagnostics, and whose sink holds them. */
typedef struct room_mark {
    uint32_t count;
    unsigned char by;
} room_mark;

typedef struct checker {
    struct rf_lint_pipe *p;
    unsigned index;
    rf_world_linter *l;
    rf_diags *out; /* its staging sink */
    pthread_t thread;
    bool started;
} checker;

struct rf_lint_pipe {
    checker c[MAX_CHECKERS];
    unsigned n;
    rf_world_opts wo; /* what the threads make their linters with */
    bool has_wo;      /* else the defaults */
    const rf_template *ring[RING];
    size_t handed_at[RING]; /* when each queued room was handed (its place in the set's ring) */
    bool done[RING];
    room_mark *marks;      /* per queued room */
    size_t queued, taken;  /* rooms queued; rooms a checker took */
    size_t low;            /* queued rooms before low all checked */
    size_t handed;         /* rooms the set handed over, queued or not */
    size_t room_cap;
    unsigned idle;         /* checker threads waiting on work */
    rf_status worst;       /* the checks' worst status */
    size_t left_out;       /* rooms whose check left a script out */
    bool closing, loader_waits, threaded;
    pthread_mutex_t mu;
    pthread_cond_t work; /* the checker threads': a room to take, or closing */
    pthread_cond_t room; /* the loader's: a room was checked */
};

/* Checks t with checker c, without the pipe's lock; *added: what it reported. */
static rf_status check(checker *c, const rf_template *t, size_t *added)
{
    size_t before = rf_diags_count(c->out);
    rf_status st = rf_world_linter_room(c->l, t, c->out);
    *added = rf_diags_count(c->out) - before;
    return st;
}

/* Takes the next queued room and checks it with c (the lock held when
 * threaded, released during the check); records its count, checker and
 * status, and moves low. */
static void take_and_check(rf_lint_pipe *p, checker *c)
{
    size_t seq = p->taken++, added = 0;
    const rf_template *t = p->ring[seq % RING];
    rf_status st = RF_OK;
    if (p->worst != RF_ERR_NOMEM) { /* else the load stops: nothing more is checked */
        if (p->threaded)
            pthread_mutex_unlock(&p->mu);
        st = check(c, t, &added);
        if (p->threaded)
            pthread_mutex_lock(&p->mu);
    }
    p->marks[seq].count = added > UINT32_MAX ? UINT32_MAX : (uint32_t)added;
    p->marks[seq].by = (unsigned char)c->index;
    p->worst = rf_pack_worse(p->worst, st);
    p->left_out += st == RF_ERR_CONTENT;
    p->done[seq % RING] = true;
    while (p->low < p->queued && p->done[p->low % RING])
        p->low++;
}

/* Whether the loader, about to let the set reuse the memory of the room
 * handed `back` rooms ago, must not: a queued room handed that long ago
 * is not checked yet. */
static bool behind(const rf_lint_pipe *p, size_t back)
{
    return p->low < p->queued && p->handed_at[p->low % RING] + back <= p->handed;
}

/* A checker thread makes its own linter, while the loader reads the file's
 * first rooms, then checks queued rooms until the pipe closes. A linter that
 * cannot be made stops the checks as running out of memory does (the first
 * linter read the same files). */
static void *checker_main(void *arg)
{
    checker *c = arg;
    rf_lint_pipe *p = c->p;
    /* the extensions' problems go nowhere: the first linter reported them */
    rf_diags *quiet = rf_diags_new_staging();
    if (quiet)
        (void)rf_world_linter_new(p->has_wo ? &p->wo : NULL, false, quiet, &c->l);
    rf_diags_free(quiet);
    if (c->l) /* no linter (memory, or a file gone): no sink either */
        c->out = rf_diags_new_staging();
    pthread_mutex_lock(&p->mu);
    if (!c->out) {
        p->worst = RF_ERR_NOMEM;
        pthread_mutex_unlock(&p->mu);
        return NULL;
    }
    for (;;) {
        while (p->taken >= p->queued && !p->closing) {
            p->idle++;
            pthread_cond_wait(&p->work, &p->mu);
            p->idle--;
        }
        if (p->taken >= p->queued)
            break; /* closing, and every room taken */
        take_and_check(p, c);
        if (p->loader_waits)
            pthread_cond_signal(&p->room);
    }
    pthread_mutex_unlock(&p->mu);
    return NULL;
}

/* How many checkers, the loader's thread counted: jobs, or the online
 * processors; 1 to MAX_CHECKERS. */
static unsigned checkers_for(unsigned jobs)
{
    long n = jobs ? (long)jobs : sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1u : n > MAX_CHECKERS ? MAX_CHECKERS : (unsigned)n;
}

static void stop_threads(rf_lint_pipe *p)
{
    unsigned j;
    if (!p->threaded)
        return;
    pthread_mutex_lock(&p->mu);
    p->closing = true;
    pthread_cond_broadcast(&p->work); /* the rooms left, then out */
    pthread_mutex_unlock(&p->mu);
    for (j = 1; j < p->n; j++)
        if (p->c[j].started)
            pthread_join(p->c[j].thread, NULL);
    p->threaded = false;
}

void rf_lint_pipe_free(rf_lint_pipe *p)
{
    unsigned j;
    if (!p)
        return;
    stop_threads(p);
    for (j = 0; j < MAX_CHECKERS; j++) {
        rf_world_linter_free(p->c[j].l);
        rf_diags_free(p->c[j].out);
    }
    pthread_cond_destroy(&p->work);
    pthread_cond_destroy(&p->room);
    pthread_mutex_destroy(&p->mu);
    rf_free(p->marks);
    rf_free(p);
}

rf_status rf_lint_pipe_new(const rf_world_opts *wo, unsigned jobs, rf_diags *d,
                           rf_lint_pipe **out)
{
    rf_lint_pipe *p = rf_calloc(1, sizeof *p);
    rf_status st;
    unsigned j;
    *out = NULL;
    if (!p)
        return RF_ERR_NOMEM;
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->work, NULL);
    pthread_cond_init(&p->room, NULL);
    p->n = checkers_for(jobs);
    if (wo) {
        p->wo = *wo;
        p->has_wo = true;
    }
    for (j = 0; j < p->n; j++) {
        p->c[j].p = p;
        p->c[j].index = j;
    }
    /* the first linter, the loader's, reports the extensions' problems once;
     * the threads make theirs (checker_main) */
    st = rf_world_linter_new(wo, false, d, &p->c[0].l);
    if (p->c[0].l && !(p->c[0].out = rf_diags_new_staging()))
        st = RF_ERR_NOMEM;
    if (st == RF_ERR_NOMEM) {
        rf_lint_pipe_free(p);
        return st;
    }
    if (st == RF_ERR_IO) { /* no registries: the rooms are counted alone */
        for (j = 0; j < p->n; j++) {
            rf_world_linter_free(p->c[j].l);
            p->c[j].l = NULL;
        }
        p->n = 0;
    }
    p->threaded = p->n > 1;
    for (j = 1; j < p->n && p->threaded; j++)
        p->threaded = (p->c[j].started = pthread_create(&p->c[j].thread, NULL, checker_main,
                                                        &p->c[j]) == 0);
    if (p->n > 1 && !p->threaded) { /* no threads: the loader's checker alone */
        stop_threads(p);
        p->n = 1;
    }
    *out = p;
    return st;
}

rf_status rf_lint_pipe_room(void *ud, const rf_template *t)
{
    rf_lint_pipe *p = ud;
    size_t seq = p->queued;
    rf_status worst;
    if (p->n == 0)
        return RF_OK; /* no registries: the loader's checks alone */
    if (!rf_world_linter_needs(p->c[0].l, t)) { /* the loader's checks saw it all */
        if (!p->threaded) {
            p->handed++;
            return RF_OK;
        }
        pthread_mutex_lock(&p->mu);
        p->handed++;
    } else {
        if (p->threaded)
            pthread_mutex_lock(&p->mu); /* grown under the lock: checkers write into it */
        if (!rf_grow((void **)&p->marks, &p->room_cap, seq + 1, sizeof *p->marks)) {
            if (p->threaded)
                pthread_mutex_unlock(&p->mu);
            return RF_ERR_NOMEM;
        }
        p->handed++;
        p->ring[seq % RING] = t;
        p->handed_at[seq % RING] = p->handed;
        p->done[seq % RING] = false;
        p->queued++;
        if (!p->threaded) {
            take_and_check(p, &p->c[0]);
            return p->worst == RF_ERR_NOMEM ? RF_ERR_NOMEM : RF_OK;
        }
        if (p->idle > 0 && p->queued - p->taken >= WAKE_BATCH)
            pthread_cond_signal(&p->work);
    }
    /* the set reuses the memory of the room handed HOLD back at the next
     * room: until the oldest unchecked one is HALF back, check rooms here */
    if (behind(p, RF_LINT_PIPE_HOLD)) {
        if (p->idle > 0)
            pthread_cond_broadcast(&p->work);
        while (behind(p, HALF)) {
            if (p->taken < p->queued) {
                take_and_check(p, &p->c[0]);
                continue;
            }
            p->loader_waits = true;
            pthread_cond_wait(&p->room, &p->mu);
            p->loader_waits = false;
        }
    }
    worst = p->worst;
    pthread_mutex_unlock(&p->mu);
    return worst == RF_ERR_NOMEM ? RF_ERR_NOMEM : RF_OK;
}

size_t rf_lint_pipe_left_out(const rf_lint_pipe *p) { return p ? p->left_out : 0; }

rf_status rf_lint_pipe_finish(rf_lint_pipe *p, rf_diags *d)
{
    size_t seq, at[MAX_CHECKERS] = {0};
    if (p->threaded) { /* the rooms still queued: the loader takes its share */
        pthread_mutex_lock(&p->mu);
        if (p->idle > 0)
            pthread_cond_broadcast(&p->work);
        while (p->taken < p->queued)
            take_and_check(p, &p->c[0]);
        pthread_mutex_unlock(&p->mu);
    }
    stop_threads(p);
    for (seq = 0; p->n > 0 && seq < p->queued; seq++) { /* room order, whoever checked it */
        const room_mark *m = &p->marks[seq];
        if (!rf_diags_append_range(d, p->c[m->by].out, at[m->by], m->count))
            return RF_ERR_NOMEM;
        at[m->by] += m->count;
    }
    return p->worst;
}
