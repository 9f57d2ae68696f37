# cmake/package.cmake: the Debian packages `make package` builds with CPack's
# DEB generator (issue 18), from the install components:
#   roomforge         (cli, data, lua)  the command, its man pages, bash
#                     completion, the bundled content and the module for
#                     Debian's lua5.4: what `apt install ./roomforge_*.deb`
#                     gives a modder or designer, with the library it pulls in
#   libroomforgeN     (lib)  the shared library, N its SONAME's major version
#   libroomforge-dev  (dev)  headers, static library, the .so link, roomforge.pc
# The command and the Lua module are clients of the installed surface (DESIGN
# 14): they link libroomforgeN, so the first package depends on it at its
# exact version; a game links libroomforgeN through libroomforge-dev.
# SONAME policy (docs/games.md): libroomforge.so.N with N = the project's major
# version; a release that removes or changes a public function, type or
# struct layout bumps N (and so the package name), additions do not.
# Dependencies on system libraries come from dpkg-shlibdeps; between the
# packages, exact versions. The packages install under CMAKE_INSTALL_PREFIX,
# which the binaries are built for (their data directory, the Lua module's
# place): `make package` configures a build with prefix /usr.
set(RF_DEB_VERSION ${PROJECT_VERSION})
set(RF_DEB_LIB libroomforge${PROJECT_VERSION_MAJOR})

# Every package carries its copyright file and a Debian changelog.
set(RF_DEB_DOC ${PROJECT_BINARY_DIR}/debian)
configure_file(${CMAKE_CURRENT_LIST_DIR}/debian/changelog.in ${RF_DEB_DOC}/changelog @ONLY)
add_custom_command(OUTPUT ${RF_DEB_DOC}/changelog.gz
  COMMAND gzip -9nf -k ${RF_DEB_DOC}/changelog
  DEPENDS ${RF_DEB_DOC}/changelog COMMENT "gzip the Debian changelog" VERBATIM)
add_custom_target(deb_changelog ALL DEPENDS ${RF_DEB_DOC}/changelog.gz)
foreach(rf_comp_pkg "cli;roomforge" "lib;${RF_DEB_LIB}" "dev;libroomforge-dev")
  list(GET rf_comp_pkg 0 rf_comp)
  list(GET rf_comp_pkg 1 rf_pkg)
  install(FILES ${CMAKE_CURRENT_LIST_DIR}/debian/copyright ${RF_DEB_DOC}/changelog.gz
          DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/${rf_pkg} COMPONENT ${rf_comp})
endforeach()

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME roomforge)
set(CPACK_PACKAGE_VERSION ${RF_DEB_VERSION})
set(CPACK_PACKAGE_VENDOR "roomforge")
set(CPACK_PACKAGE_CONTACT "roomforge maintainers <roomforge@invalid.example>")
set(CPACK_PACKAGING_INSTALL_PREFIX ${CMAKE_INSTALL_PREFIX})
set(CPACK_STRIP_FILES ON)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_GROUPING ONE_PER_GROUP)
set(CPACK_COMPONENTS_ALL cli data lib dev)
if(RF_LUA_MODULE)
  list(APPEND CPACK_COMPONENTS_ALL lua)
endif()
set(CPACK_COMPONENT_CLI_GROUP tool)
set(CPACK_COMPONENT_DATA_GROUP tool)
set(CPACK_COMPONENT_LUA_GROUP tool)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# dpkg-shlibdeps finds libroomforge.so.0, which the command and the module
# need, in the build (it is in no installed package: the Depends above says
# which of ours holds it).
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS_PRIVATE_DIRS ${PROJECT_BINARY_DIR}/engine) # roomforge_shared's folder
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "https://roomforge.invalid.example/")

set(CPACK_DEBIAN_TOOL_PACKAGE_NAME roomforge)
set(CPACK_DEBIAN_TOOL_PACKAGE_SECTION devel)
# The CLI and the Lua module link libroomforge.so (DESIGN 14, the installed
# surface): the library's package of this very version.
set(CPACK_DEBIAN_TOOL_PACKAGE_DEPENDS "${RF_DEB_LIB} (= ${RF_DEB_VERSION})")
if(RF_LUA_MODULE)
  set(CPACK_DEBIAN_TOOL_PACKAGE_RECOMMENDS lua5.4)
  set(CPACK_DEBIAN_TOOL_PACKAGE_PROVIDES lua-roomforge)
endif()
set(CPACK_DEBIAN_TOOL_DESCRIPTION "room-template engine for roguelike levels
roomforge loads Dungeons of Dredmor rooms.xml content, runs its room
scripts and Lua level recipes, and generates procedural levels with the
hand-made rooms stitched in. This package holds the roomforge command
(lint, list, show, gen, sim, catalog, run, stats, watch), its man pages, bash
completion, the bundled content pack, and the roomforge module for the
lua5.4 interpreter (require \"roomforge\").")

set(CPACK_DEBIAN_LIB_PACKAGE_NAME ${RF_DEB_LIB})
set(CPACK_DEBIAN_LIB_PACKAGE_SECTION libs)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS_POLICY "=")
# ldconfig runs from a trigger (Debian policy 8.1.1), besides CPack's postinst call.
set(CPACK_DEBIAN_LIB_PACKAGE_CONTROL_EXTRA ${CMAKE_CURRENT_LIST_DIR}/debian/triggers)
set(CPACK_DEBIAN_LIB_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_DEBIAN_LIB_DESCRIPTION "room-template engine for roguelike levels (shared library)
libroomforge loads rooms.xml content with diagnostics, generates levels
from profiles and Lua recipes, and runs the rooms' scripts in a world a
game ticks. This package holds the shared library.")

set(CPACK_DEBIAN_DEV_PACKAGE_NAME libroomforge-dev)
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION libdevel)
set(CPACK_DEBIAN_DEV_PACKAGE_DEPENDS
    "${RF_DEB_LIB} (= ${RF_DEB_VERSION}), libxml2-dev, liblua5.4-dev, libpng-dev")
set(CPACK_DEBIAN_DEV_PACKAGE_SUGGESTS roomforge)
set(CPACK_DEBIAN_DEV_DESCRIPTION "room-template engine for roguelike levels (development files)
The headers (roomforge/*.h), the static library, the link to the shared
library and roomforge.pc for pkg-config, to build a game or a tool on
libroomforge; the bundled content is in the roomforge package.")

include(CPack)
