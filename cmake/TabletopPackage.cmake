# The library as one target, tabletop::tabletop (the engine, every game, the agents and the
# simulator), the same in this build, in a project that does add_subdirectory(tabletop), and after
# find_package(tabletop) against an install.
#
# `cmake --install`: the library's headers, its static libraries and a package config with the
# exported targets.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

add_library(tabletop_library INTERFACE)
target_link_libraries(tabletop_library INTERFACE tabletop_games tabletop_ai tabletop_sim)
set_target_properties(tabletop_library PROPERTIES EXPORT_NAME tabletop)
add_library(tabletop::tabletop ALIAS tabletop_library)

get_property(TABLETOP_GAME_LIBRARIES GLOBAL PROPERTY TABLETOP_GAME_LIBRARIES)  # src/games
set(TABLETOP_LIBRARIES tabletop_core ${TABLETOP_GAME_LIBRARIES} tabletop_games tabletop_ai
                       tabletop_sim tabletop_library)
set(TABLETOP_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/tabletop)

# Headers keep their folders: consumers write #include "core/game.h", "games/games.h", ...
install(
  DIRECTORY ${PROJECT_SOURCE_DIR}/src/core ${PROJECT_SOURCE_DIR}/src/games
            ${PROJECT_SOURCE_DIR}/src/ai ${PROJECT_SOURCE_DIR}/src/sim
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/tabletop
  FILES_MATCHING
  PATTERN "*.h")
install(
  TARGETS ${TABLETOP_LIBRARIES}
  EXPORT tabletopTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/tabletop)
install(
  EXPORT tabletopTargets
  NAMESPACE tabletop::
  DESTINATION ${TABLETOP_INSTALL_CMAKEDIR})
configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/tabletopConfig.cmake.in
  ${PROJECT_BINARY_DIR}/tabletopConfig.cmake INSTALL_DESTINATION ${TABLETOP_INSTALL_CMAKEDIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/tabletopConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/tabletopConfig.cmake
              ${PROJECT_BINARY_DIR}/tabletopConfigVersion.cmake
        DESTINATION ${TABLETOP_INSTALL_CMAKEDIR})
# The gazetteer (made by `make build`; optional) under <prefix>/share/tabletop, and the source
# that tells a consumer's program where it is (tabletopConfig.cmake, gazetteer.h).
install(FILES ${PROJECT_SOURCE_DIR}/cmake/tabletop_data.cc.in
        DESTINATION ${TABLETOP_INSTALL_CMAKEDIR} RENAME tabletop_data.cc)
install(FILES ${PROJECT_SOURCE_DIR}/data/gazetteer/gazetteer.tsv
        DESTINATION ${CMAKE_INSTALL_DATADIR}/tabletop OPTIONAL)
