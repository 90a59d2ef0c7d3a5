# Interface targets every tfconform library links: language level and warnings
# (the ccache `standard_settings` / `standard_warnings` shape).
add_library(tfc_settings INTERFACE)
target_compile_features(tfc_settings INTERFACE cxx_std_20)
target_include_directories(tfc_settings INTERFACE ${CMAKE_SOURCE_DIR})
if(TFC_SANITIZE)
  target_compile_options(tfc_settings INTERFACE -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  target_link_options(tfc_settings INTERFACE -fsanitize=address,undefined)
endif()

add_library(tfc_warnings INTERFACE)
target_compile_options(tfc_warnings INTERFACE -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor
  -Wno-missing-field-initializers)
if(TFC_WERROR)
  target_compile_options(tfc_warnings INTERFACE -Werror)
endif()

# tfc_library(NAME folder SOURCES ...) defines static library tfc_NAME with alias tfc::NAME.
function(tfc_library name)
  cmake_parse_arguments(ARG "" "" "SOURCES;PUBLIC_DEPS;PRIVATE_DEPS" ${ARGN})
  add_library(tfc_${name} STATIC ${ARG_SOURCES})
  add_library(tfc::${name} ALIAS tfc_${name})
  target_link_libraries(tfc_${name} PUBLIC tfc_settings ${ARG_PUBLIC_DEPS} PRIVATE tfc_warnings ${ARG_PRIVATE_DEPS})
endfunction()

# tfc_test(NAME SOURCES ... DEPS ...) builds one GoogleTest executable and registers it with CTest.
function(tfc_test name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPS;LABELS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE tfc_settings tfc_warnings ${ARG_DEPS} GTest::gtest GTest::gtest_main rapidcheck)
  target_include_directories(${name} PRIVATE ${CMAKE_SOURCE_DIR})
  include(GoogleTest)
  # An empty LABELS value would be dropped and shift the next property name into its place.
  set(label_props)
  if(ARG_LABELS)
    set(label_props LABELS "${ARG_LABELS}")
  endif()
  gtest_discover_tests(${name} DISCOVERY_TIMEOUT 60 PROPERTIES ${label_props}
    ENVIRONMENT "TFC_SOURCE_DIR=${CMAKE_SOURCE_DIR}"
    # A second variable in ENVIRONMENT would be split at the ';' by gtest_discover_tests.
    ENVIRONMENT_MODIFICATION "TFC_BINARY_DIR=set:${CMAKE_BINARY_DIR}")
endfunction()

# Adds each listed subdirectory; a listed folder without its CMakeLists.txt is an error (a room
# whose sources silently dropped out of the build would otherwise go unnoticed).
function(tfc_add_subdirectories)
  foreach(dir ${ARGN})
    if(NOT EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/${dir}/CMakeLists.txt)
      message(FATAL_ERROR "tfc_add_subdirectories: ${CMAKE_CURRENT_SOURCE_DIR}/${dir} has no CMakeLists.txt")
    endif()
    add_subdirectory(${dir})
  endforeach()
endfunction()
