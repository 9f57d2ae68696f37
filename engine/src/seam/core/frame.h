/* engine/src/seam/core/frame.h: the frame every save sits in: a header line
 * "MAGIC VERSION LEN CRC32\n", then LEN bytes of payload.
 *
 * Pipeline: core, used by the saves of world and run. Design: the crc32
 * (zlib) is checked before a byte of the payload is read; the frame ends at
 * its length, so a game's own bytes may follow it in one file; to a path the
 * frame goes to a temporary file beside it, synced and renamed.
 */
#ifndef RF_SEAM_CORE_FRAME_H
#define RF_SEAM_CORE_FRAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "roomforge/common.h"
#include "roomforge/diag.h"

/* Writes the header and payload (len bytes) to out, every write and the
 * flush checked: RF_OK, or RF_ERR_IO with errno set. */
rf_status rf_frame_write(FILE *out, const char *magic, int version, const char *payload,
                         size_t len);

/* One frame read back: its version and payload (NUL-terminated, rf_free it). */
typedef struct rf_frame {
    long long version; /* set once the magic and version were read */
    bool bare;         /* the header held the magic and version alone (a frame
                        * older than lengths: world format 1); in is just
                        * past the header line */
    char *payload;
    size_t len;
    size_t at;       /* on RF_ERR_CONTENT: the byte where it went wrong */
    const char *why; /* on RF_ERR_CONTENT: what is wrong, for a save-damaged */
} rf_frame;

/* Reads the frame of magic at in's position (versions 1..max_version with a
 * payload of at most max_len bytes), leaving in just past it. RF_OK;
 * RF_ERR_CONTENT with f->why (not such a frame, a later version: f->version
 * over max_version and why NULL, truncated, checksum wrong, bare); RF_ERR_IO,
 * RF_ERR_NOMEM. */
rf_status rf_frame_read(FILE *in, const char *magic, int max_version, size_t max_len,
                        rf_frame *f);

/* Writes to path through a temporary file beside it: write(ud, file, d)
 * makes the content, then the file is synced, closed and renamed over path;
 * on any failure the temporary file is removed and path is untouched. what
 * names the file in io-error diagnostics ("the world save"). The status of
 * write, or RF_ERR_IO (reported), RF_ERR_ARG for a path too long. */
rf_status rf_frame_write_path(const char *path, const char *what,
                              rf_status (*write)(void *ud, FILE *out, rf_diags *d), void *ud,
                              rf_diags *d);

#endif /* RF_SEAM_CORE_FRAME_H */
