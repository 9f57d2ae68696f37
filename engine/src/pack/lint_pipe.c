/* engine/src/pack/lint_pipe.c: a streaming lint's scripts checked on a
 * second thread while the loader reads on.
 *
 * Pipeline: pack; lint_paths.c streams rooms (rf_template_set_stream, hold
 * RF_LINT_PIPE_HOLD) into rf_lint_pipe_room, and a checker thread runs the
 * world's linter on them in order. Design: a ring of rooms the set keeps
 * whole; the loader waits only when the checker is HOLD rooms behind. The
 * checker reports to a staging sink copied into the caller's at the end, so
 * diagnostics come as in a kept lint (the loader's, then the scripts'),
 * whatever the threads; with no thread, the loader's call does the check.
 */
#include <pthread.h>
#include <string.h>

#include "core/alloc.h"
#include "pack_int.h"

struct rf_lint_pipe {
    rf_world_linter *l;
    rf_diags *out;             /* the checker's staging sink */
    const rf_template *ring[RF_LINT_PIPE_HOLD + 1];
    size_t queued, done;       /* rooms handed over, rooms checked */
    rf_status worst;           /* the checks' worst status */
    bool closing, threaded;
    bool idle, full;           /* the checker waits for rooms; the loader for room */
    pthread_mutex_t mu;
    pthread_cond_t more, less; /* a room queued; a room checked (or closing) */
    pthread_t checker;
};

/* Checks t into the staging sink; the worse status kept. Called by one
 * thread at a time: the checker's, or the loader's when there is none. */
static void check(rf_lint_pipe *p, const rf_template *t, rf_status *worst)
{
    rf_status st;
    if (*worst == RF_ERR_NOMEM)
        return; /* the load stops at its next room: nothing more is checked */
    st = rf_world_linter_room(p->l, t, p->out);
    *worst = rf_pack_worse(*worst, st);
}

/* A waiting side is woken when the ring is half full (checker) or half
 * empty (loader), not at every room: a wake-up costs more than a check. */
#define HALF (RF_LINT_PIPE_HOLD / 2)

static void *checker_main(void *arg)
{
    rf_lint_pipe *p = arg;
    rf_status worst = RF_OK;
    pthread_mutex_lock(&p->mu);
    for (;;) {
        const rf_template *t;
        while (p->done == p->queued && !p->closing) {
            p->idle = true;
            pthread_cond_wait(&p->more, &p->mu);
        }
        p->idle = false;
        if (p->done == p->queued)
            break; /* closing, and every room checked */
        t = p->ring[p->done % (RF_LINT_PIPE_HOLD + 1)];
        pthread_mutex_unlock(&p->mu);
        check(p, t, &worst);
        pthread_mutex_lock(&p->mu);
        p->worst = worst;
        p->done++;
        if (p->full && p->queued - p->done <= HALF)
            pthread_cond_signal(&p->less);
    }
    pthread_mutex_unlock(&p->mu);
    return NULL;
}

rf_status rf_lint_pipe_new(rf_world_linter *l, rf_lint_pipe **out)
{
    rf_lint_pipe *p = rf_calloc(1, sizeof *p);
    *out = NULL;
    if (!p)
        return RF_ERR_NOMEM;
    p->l = l;
    p->worst = RF_OK;
    if (!(p->out = rf_diags_new_staging())) {
        rf_free(p);
        return RF_ERR_NOMEM;
    }
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->more, NULL);
    pthread_cond_init(&p->less, NULL);
    /* without a thread the same checks run in the loader's calls */
    p->threaded = p->l && pthread_create(&p->checker, NULL, checker_main, p) == 0;
    *out = p;
    return RF_OK;
}

rf_status rf_lint_pipe_room(void *ud, const rf_template *t)
{
    rf_lint_pipe *p = ud;
    rf_status worst;
    if (!p->l)
        return RF_OK; /* no registries: the loader's checks alone */
    if (!p->threaded) {
        check(p, t, &p->worst);
        return p->worst == RF_ERR_NOMEM ? RF_ERR_NOMEM : RF_OK;
    }
    pthread_mutex_lock(&p->mu);
    p->ring[p->queued % (RF_LINT_PIPE_HOLD + 1)] = t;
    p->queued++;
    if (p->idle && p->queued - p->done >= HALF)
        pthread_cond_signal(&p->more);
    /* the set reuses the memory of the room HOLD + 1 back at the next room */
    if (p->queued - p->done > RF_LINT_PIPE_HOLD) {
        p->full = true;
        if (p->idle)
            pthread_cond_signal(&p->more);
        while (p->queued - p->done > HALF)
            pthread_cond_wait(&p->less, &p->mu);
        p->full = false;
    }
    worst = p->worst;
    pthread_mutex_unlock(&p->mu);
    return worst == RF_ERR_NOMEM ? RF_ERR_NOMEM : RF_OK;
}

rf_status rf_lint_pipe_finish(rf_lint_pipe *p, rf_diags *d)
{
    if (p->threaded) {
        pthread_mutex_lock(&p->mu);
        p->closing = true;
        pthread_cond_signal(&p->more); /* the rooms left, then out */
        pthread_mutex_unlock(&p->mu);
        pthread_join(p->checker, NULL);
        p->threaded = false;
    }
    if (!rf_diags_append(d, p->out))
        return RF_ERR_NOMEM;
    rf_diags_clear(p->out);
    return p->worst;
}

void rf_lint_pipe_free(rf_lint_pipe *p)
{
    if (!p)
        return;
    if (p->threaded)
        (void)rf_lint_pipe_finish(p, NULL);
    pthread_cond_destroy(&p->less);
    pthread_cond_destroy(&p->more);
    pthread_mutex_destroy(&p->mu);
    rf_diags_free(p->out);
    rf_free(p);
}
