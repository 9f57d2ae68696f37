/* engine/src/pack/lint_pipe.c: a streaming lint's scripts checked by
 * checker threads while the loader reads on.
 *
 * Pipeline: pack; lint_paths.c streams rooms (rf_template_set_stream, hold
 * RF_LINT_PIPE_HOLD) into rf_lint_pipe_room; checker j of n, each with a
 * world linter of its own, checks rooms j, j + n, ... in order. Design: the
 * loader waits only when the oldest unchecked room is HOLD back; each side is
 * woken in batches. Each checker reports to a staging sink; at the end the
 * rooms' diagnostics go to the caller's in room order, after the loader's,
 * as a kept lint orders them: the same bytes for any number of checkers.
 */
#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "core/alloc.h"
#include "pack_int.h"

#define RING (RF_LINT_PIPE_HOLD + 1)
#define HALF (RF_LINT_PIPE_HOLD / 2)
#define MAX_CHECKERS 8

typedef struct checker {
    struct rf_lint_pipe *p;
    rf_world_linter *l;
    rf_diags *out;   /* its staging sink */
    size_t next;     /* the next room it checks */
    bool idle;       /* waiting on wake for its next room */
    pthread_cond_t wake;
    pthread_t thread;
    bool started;
} checker;

struct rf_lint_pipe {
    checker c[MAX_CHECKERS];
    unsigned n;
    const rf_template *ring[RING];
    size_t handed_at[RING]; /* when each queued room was handed (its place in the set's ring) */
    bool done[RING];
    uint32_t *count;    /* per queued room: the diagnostics its checker added */
    size_t queued, low; /* rooms queued; queued rooms before low all checked */
    size_t handed;      /* rooms the set handed over, queued or not */
    size_t count_cap;
    rf_status worst;    /* the checks' worst status */
    bool closing, full, threaded;
    pthread_mutex_t mu;
    pthread_cond_t room; /* the loader's: low moved up to HALF behind */
};

/* Checks t with checker c, without the pipe's lock; *added: what it reported. */
static rf_status check(checker *c, const rf_template *t, size_t *added)
{
    size_t before = rf_diags_count(c->out);
    rf_status st = rf_world_linter_room(c->l, t, c->out);
    *added = rf_diags_count(c->out) - before;
    return st;
}

/* Records room seq checked (lock held): its count, the status, low. */
static void mark_done(rf_lint_pipe *p, size_t seq, rf_status st, size_t added)
{
    p->count[seq] = added > UINT32_MAX ? UINT32_MAX : (uint32_t)added;
    p->worst = rf_pack_worse(p->worst, st);
    p->done[seq % RING] = true;
    while (p->low < p->queued && p->done[p->low % RING])
        p->low++;
}

/* Whether the loader, about to let the set reuse the memory of the room
 * handed `back` rooms ago, must wait: a queued room handed that long ago
 * is not checked yet. */
static bool behind(const rf_lint_pipe *p, size_t back)
{
    return p->low < p->queued && p->handed_at[p->low % RING] + back <= p->handed;
}

static void *checker_main(void *arg)
{
    checker *c = arg;
    rf_lint_pipe *p = c->p;
    pthread_mutex_lock(&p->mu);
    for (;;) {
        const rf_template *t;
        rf_status st = RF_OK;
        size_t seq = c->next, added = 0;
        while (seq >= p->queued && !p->closing) {
            c->idle = true;
            pthread_cond_wait(&c->wake, &p->mu);
        }
        c->idle = false;
        if (seq >= p->queued)
            break; /* closing, and each of its rooms checked */
        t = p->ring[seq % RING];
        if (p->worst != RF_ERR_NOMEM) { /* else the load stops: nothing more is checked */
            pthread_mutex_unlock(&p->mu);
            st = check(c, t, &added);
            pthread_mutex_lock(&p->mu);
        }
        mark_done(p, seq, st, added);
        c->next += p->n;
        if (p->full && !behind(p, HALF))
            pthread_cond_signal(&p->room);
    }
    pthread_mutex_unlock(&p->mu);
    return NULL;
}

/* How many checkers: jobs, or one more than the online processors (the
 * loader waits on the checkers most of the time: measured on 2 cores, 3
 * checkers take 0.85x the time of 2); 1 to MAX_CHECKERS. */
static unsigned checkers_for(unsigned jobs)
{
    long n = jobs ? (long)jobs : sysconf(_SC_NPROCESSORS_ONLN) + 1;
    return n < 1 ? 1u : n > MAX_CHECKERS ? MAX_CHECKERS : (unsigned)n;
}

static void stop_threads(rf_lint_pipe *p)
{
    unsigned j;
    if (!p->threaded)
        return;
    pthread_mutex_lock(&p->mu);
    p->closing = true;
    for (j = 0; j < p->n; j++)
        pthread_cond_signal(&p->c[j].wake); /* the rooms left, then out */
    pthread_mutex_unlock(&p->mu);
    for (j = 0; j < p->n; j++)
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
        pthread_cond_destroy(&p->c[j].wake);
    }
    pthread_cond_destroy(&p->room);
    pthread_mutex_destroy(&p->mu);
    rf_free(p->count);
    rf_free(p);
}

rf_status rf_lint_pipe_new(const rf_world_opts *wo, unsigned jobs, rf_diags *d,
                           rf_lint_pipe **out)
{
    rf_lint_pipe *p = rf_calloc(1, sizeof *p);
    rf_diags *quiet = NULL;
    rf_status st = RF_OK;
    unsigned j;
    *out = NULL;
    if (!p)
        return RF_ERR_NOMEM;
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->room, NULL);
    for (j = 0; j < MAX_CHECKERS; j++)
        pthread_cond_init(&p->c[j].wake, NULL);
    p->n = checkers_for(jobs);
    for (j = 0; j < p->n && st != RF_ERR_NOMEM && st != RF_ERR_IO; j++) {
        checker *c = &p->c[j];
        rf_status s;
        c->p = p;
        c->next = j;
        /* the first linter reports the extensions' problems, once */
        if (j == 1 && !(quiet = rf_diags_new_staging())) {
            st = RF_ERR_NOMEM;
            break;
        }
        s = rf_world_linter_new(wo, false, j == 0 ? d : quiet, &c->l);
        if (j == 0)
            st = s;
        else if (s == RF_ERR_NOMEM || s == RF_ERR_IO)
            st = RF_ERR_NOMEM; /* the first read the same files */
        if (c->l && !(c->out = rf_diags_new_staging()))
            st = RF_ERR_NOMEM;
    }
    rf_diags_free(quiet);
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
    p->threaded = p->n > 0;
    for (j = 0; j < p->n && p->threaded; j++)
        p->threaded = (p->c[j].started = pthread_create(&p->c[j].thread, NULL, checker_main,
                                                        &p->c[j]) == 0);
    if (p->n > 0 && !p->threaded) { /* no threads: the loader's calls check, one linter */
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
    bool needs;
    unsigned j;
    if (p->n == 0)
        return RF_OK; /* no registries: the loader's checks alone */
    needs = rf_world_linter_needs(p->c[0].l, t); /* else the loader's checks saw it all */
    if (!p->threaded) {
        size_t added = 0;
        rf_status st;
        p->handed++;
        if (!needs)
            return RF_OK;
        if (!rf_grow((void **)&p->count, &p->count_cap, seq + 1, sizeof *p->count))
            return RF_ERR_NOMEM;
        st = p->worst == RF_ERR_NOMEM ? RF_OK : check(&p->c[0], t, &added);
        p->queued++;
        mark_done(p, seq, st, added);
        return p->worst == RF_ERR_NOMEM ? RF_ERR_NOMEM : RF_OK;
    }
    pthread_mutex_lock(&p->mu);
    p->handed++;
    if (needs) {
        if (!rf_grow((void **)&p->count, &p->count_cap, seq + 1, sizeof *p->count)) {
            pthread_mutex_unlock(&p->mu); /* grown under the lock: checkers write into it */
            return RF_ERR_NOMEM;
        }
        p->ring[seq % RING] = t;
        p->handed_at[seq % RING] = p->handed;
        p->done[seq % RING] = false;
        p->queued++;
        j = (unsigned)(seq % p->n);
        if (p->c[j].idle && p->queued - p->c[j].next >= (HALF + p->n - 1) / p->n * p->n)
            pthread_cond_signal(&p->c[j].wake); /* a batch of its rooms is waiting */
    }
    /* the set reuses the memory of the room handed HOLD back at the next room */
    if (behind(p, RF_LINT_PIPE_HOLD)) {
        p->full = true;
        for (j = 0; j < p->n; j++)
            if (p->c[j].idle)
                pthread_cond_signal(&p->c[j].wake);
        while (behind(p, HALF))
            pthread_cond_wait(&p->room, &p->mu);
        p->full = false;
    }
    worst = p->worst;
    pthread_mutex_unlock(&p->mu);
    return worst == RF_ERR_NOMEM ? RF_ERR_NOMEM : RF_OK;
}

rf_status rf_lint_pipe_finish(rf_lint_pipe *p, rf_diags *d)
{
    size_t seq, at[MAX_CHECKERS] = {0};
    stop_threads(p);
    for (seq = 0; p->n > 0 && seq < p->queued; seq++) { /* room order, whatever the checker */
        unsigned j = (unsigned)(seq % p->n);
        if (!rf_diags_append_range(d, p->c[j].out, at[j], p->count[seq]))
            return RF_ERR_NOMEM;
        at[j] += p->count[seq];
    }
    return p->worst;
}
