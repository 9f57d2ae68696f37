/* engine/src/dig/dig_connect.c: find disconnected walkable regions and carve
 * passages joining them.
 *
 * Pipeline: dig, the last step of dig_rects.c and dig_crawl.c. Design: one
 * BFS grows every region at once and joins meeting regions (union-find):
 * O(w*h) for any number of regions; locked rooms are left out.
 */
#include "dig_connect_int.h"

#include "core/seam.h"

enum { MASKED = -2, NONE = -1 };

/* lab[i]: MASKED inside locked boxes and reserved boxes (keep 1), else NONE. */
static void mask_locked(const rf_grid *g, const rf_room_list *rooms, const uint8_t *keep, int *lab)
{
    size_t i, n = (size_t)g->w * (size_t)g->h, r;
    for (i = 0; i < n; i++)
        lab[i] = keep && keep[i] == 1 ? MASKED : NONE;
    for (r = 0; rooms && r < rooms->n; r++) {
        const rf_room_rec *rr = &rooms->items[r];
        int x, y;
        if (!rr->locked)
            continue;
        for (y = rr->y; y < rr->y + rr->h; y++)
            for (x = rr->x; x < rr->x + rr->w; x++)
                if (x >= 0 && y >= 0 && x < g->w && y < g->h)
                    lab[(size_t)y * (size_t)g->w + (size_t)x] = MASKED;
    }
}

/* Floods from start over walkable unlabelled tiles (walk: a byte per tile
 * value), labelling them id; returns the tile count. queue holds w*h ints. */
static size_t flood(const rf_grid *g, const uint8_t *walk, int *lab, int *queue, int start, int id)
{
    int w = g->w, n = g->w * g->h, head = 0, tail = 0;
    lab[start] = id;
    queue[tail++] = start;
    while (head < tail) {
        int c = queue[head++], x = c % w;
        int nb[4] = {x > 0 ? c - 1 : -1, x < w - 1 ? c + 1 : -1, c - w, c + w};
        int j;
        for (j = 0; j < 4; j++) {
            int m = nb[j];
            if (m < 0 || m >= n || lab[m] != NONE || !walk[g->t[m]])
                continue; /* a masked tile is not NONE */
            lab[m] = id;
            queue[tail++] = m;
        }
    }
    return (size_t)tail;
}

/* Labels all regions; returns their count and the largest's label. */
static int label_all(const rf_grid *g, int *lab, int *queue, int *main_id)
{
    int i, n = g->w * g->h, count = 0;
    size_t best = 0;
    uint8_t walk[256]; /* a byte per tile value: no call per tile */
    for (i = 0; i < 256; i++)
        walk[i] = rf_tile_is_walkable((rf_tile)i);
    *main_id = -1;
    for (i = 0; i < n; i++) {
        if (lab[i] == NONE && walk[g->t[i]]) {
            size_t sz = flood(g, walk, lab, queue, i, count);
            if (sz > best) {
                best = sz;
                *main_id = count;
            }
            count++;
        }
    }
    return count;
}

size_t rf_dig_regions(const rf_grid *g, const rf_room_list *rooms)
{
    size_t n = (size_t)g->w * (size_t)g->h;
    int *lab = rf_alloc(n * sizeof *lab), *queue = rf_alloc(n * sizeof *queue), main_id, count;
    if (!lab || !queue) {
        rf_free(lab);
        rf_free(queue);
        return (size_t)-1;
    }
    mask_locked(g, rooms, NULL, lab);
    count = label_all(g, lab, queue, &main_id);
    rf_free(lab);
    rf_free(queue);
    return (size_t)count;
}

static bool carvable(const rf_grid *g, const int *lab, int i)
{
    int x = i % g->w, y = i / g->w;
    return lab[i] != MASKED && x > 0 && y > 0 && x < g->w - 1 && y < g->h - 1;
}

static int find(int *set, int a)
{
    while (set[a] != a)
        a = set[a] = set[set[a]];
    return a;
}

/* Carves from tile k back along from[] to the region it grew out of. */
static void carve_back(rf_grid *g, const int *from, int k)
{
    while (from[k] != k) {
        if (!rf_tile_is_walkable((rf_tile)g->t[k]))
            g->t[k] = (uint8_t)(g->t[k] == RF_TILE_ROCK ? RF_TILE_FLOOR : RF_TILE_DOOR);
        k = from[k];
    }
}
/* One BFS grows every region at once through carvable tiles (owner[] says
 * which region reached a tile first); where two growths of regions not yet
 * joined meet, both paths back are carved and the regions' sets united. So
 * the repair is O(w*h) whatever the number of regions. */
rf_status rf_dig_connect(rf_grid *g, const rf_room_list *rooms, const uint8_t *keep,
                         size_t *joined)
{
    size_t n = (size_t)g->w * (size_t)g->h, done = 0;
    int *lab = rf_alloc(n * sizeof *lab), *queue = rf_alloc(n * sizeof *queue);
    int *from = rf_alloc(n * sizeof *from), *set = NULL, main_id, count, i, head = 0, tail = 0;
    int w = g->w, total = (int)n;
    rf_status st = RF_ERR_NOMEM;
    if (!lab || !queue || !from)
        goto done;
    mask_locked(g, rooms, keep, lab);
    count = label_all(g, lab, queue, &main_id);
    if (count > 1) {
        set = rf_alloc((size_t)count * sizeof *set);
        if (!set)
            goto done;
        for (i = 0; i < count; i++)
            set[i] = i;
        for (i = 0; i < total; i++) {
            from[i] = lab[i] >= 0 ? i : -1;
            if (lab[i] >= 0)
                queue[tail++] = i;
        }
        while (head < tail && (int)done < count - 1) {
            int c = queue[head++], x = c % w, j;
            int nb[4] = {c - w, x < w - 1 ? c + 1 : -1, c + w, x > 0 ? c - 1 : -1};
            for (j = 0; j < 4; j++) {
                int m = nb[j], a, b;
                if (m < 0 || m >= total || lab[m] == MASKED)
                    continue;
                if (from[m] == -1) {
                    if (!carvable(g, lab, m))
                        continue;
                    from[m] = c;
                    lab[m] = lab[c]; /* owner: the region this growth came from */
                    queue[tail++] = m;
                    continue;
                }
                a = find(set, lab[c]);
                b = find(set, lab[m]);
                if (a == b)
                    continue;
                carve_back(g, from, c);
                carve_back(g, from, m);
                set[a < b ? b : a] = a < b ? a : b;
                done++;
            }
        }
    }
    st = RF_OK;
done:
    rf_free(lab);
    rf_free(queue);
    rf_free(from);
    rf_free(set);
    if (joined && st == RF_OK)
        *joined = done;
    return st;
}
