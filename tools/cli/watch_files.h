/* tools/cli/watch_files.h: the files `roomforge watch` rebuilds on: every
 * file a build read and every folder of a pack, watched with inotify.
 *
 * Pipeline: CLI (Linux inotify). Design: folders are watched, never files,
 * so an editor that saves by writing a new file and renaming it over the old
 * one is seen like any other save, and a new file in a pack is seen too. A
 * folder that goes away is reported; its nearest existing parent is watched
 * until it comes back, and the next build watches it again.
 */
#ifndef RF_WATCH_FILES_H
#define RF_WATCH_FILES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct watch_files watch_files;

/* A watcher with nothing watched; NULL when inotify cannot be had (errno). */
watch_files *watch_files_new(void);
void watch_files_free(watch_files *w);
/* The descriptor to poll for input. */
int watch_files_fd(const watch_files *w);
/* Watches the folders under each of trees (every *.xml and *.lua in them,
 * new folders too) and the folder of each of files, and nothing else. A
 * folder missing, or back since the last call, is said on report. *fresh:
 * a folder of a tree is watched that the last call did not watch (not on
 * the first call), so what was written into it before its watch began is
 * unseen: the caller builds once more. False when memory ran out. */
bool watch_files_set(watch_files *w, char *const *trees, size_t ntrees, char *const *files,
                     size_t nfiles, FILE *report, bool *fresh);
/* Reads what inotify has: true when something that may change a build
 * happened (a watched file written, created, renamed or removed, a new
 * *.xml or *.lua or folder in a tree, a watched folder gone or back).
 * Events about other files (an editor's swap file) are ignored. */
bool watch_files_read(watch_files *w, FILE *report);
/* How many folders are watched now. */
size_t watch_files_count(const watch_files *w);

#endif /* RF_WATCH_FILES_H */
