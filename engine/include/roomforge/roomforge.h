/* roomforge/roomforge.h: the whole public API in one include.
 *
 * Pipeline: all of it, as a game or a tool sees it: content packs and the
 * loader (pack.h, template.h, template_write.h, tmx.h, machines.h, profile.h with
 * horde.h, rooms_file.h), diagnostics and lint (diag.h, lint.h), generation and its
 * writers (level.h, view.h, with grid.h, dig.h, placed.h, place.h and
 * special.h for what a level holds), files and text (fs.h, text.h), the world
 * (world.h), scenarios (scenario.h) and the version (version.h). Each header
 * also stands alone; the diggers, the rng and file ASTs are not installed.
 */
#ifndef RF_ROOMFORGE_H
#define RF_ROOMFORGE_H

#include "roomforge/common.h"
#include "roomforge/version.h"
#include "roomforge/diag.h"
#include "roomforge/template.h"
#include "roomforge/template_write.h"
#include "roomforge/tmx.h"
#include "roomforge/machines.h"
#include "roomforge/profile.h"
#include "roomforge/pack.h"
#include "roomforge/lint.h"
#include "roomforge/grid.h"
#include "roomforge/dig.h"
#include "roomforge/placed.h"
#include "roomforge/horde.h"
#include "roomforge/rooms_file.h"
#include "roomforge/place.h"
#include "roomforge/special.h"
#include "roomforge/level.h"
#include "roomforge/run.h"
#include "roomforge/fs.h"
#include "roomforge/text.h"
#include "roomforge/view.h"
#include "roomforge/orient.h"
#include "roomforge/world.h"
#include "roomforge/scenario.h"
#include "roomforge/stats.h"

#endif /* RF_ROOMFORGE_H */
