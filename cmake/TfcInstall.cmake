# What `cmake --install` (`make install`) puts under the prefix, and the Debian package CPack
# builds from the same rules (`make package`); docs/install.md lists both.
include(GNUInstallDirs)

install(TARGETS tfconform RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

# The README links docs/NAME.md: the documents keep that layout under share/doc/tfconform so its
# links work where it is installed. The glob is re-read when a document is added.
file(GLOB tfc_docs CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/docs/*.md)
install(FILES ${tfc_docs} ${CMAKE_SOURCE_DIR}/docs/report.schema.json ${CMAKE_SOURCE_DIR}/docs/report-screenshot.png
  DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs)
install(FILES ${CMAKE_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
foreach(legal LICENSE COPYING NOTICE)
  if(EXISTS ${CMAKE_SOURCE_DIR}/${legal})
    install(FILES ${CMAKE_SOURCE_DIR}/${legal} DESTINATION ${CMAKE_INSTALL_DOCDIR})
  endif()
endforeach()

# tfconform(1), written from the built command's own --help (scripts/help_to_man.py), so a new
# option is on the page the next build. Installed gzipped, as Debian keeps man pages.
find_program(TFC_PYTHON3 python3)
if(TFC_PYTHON3)
  set(tfc_man ${CMAKE_BINARY_DIR}/man/tfconform.1)
  add_custom_command(OUTPUT ${tfc_man} ${tfc_man}.gz
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/man
    COMMAND ${TFC_PYTHON3} ${CMAKE_SOURCE_DIR}/scripts/help_to_man.py --binary $<TARGET_FILE:tfconform>
            --readme ${CMAKE_SOURCE_DIR}/README.md --version ${PROJECT_VERSION} --out ${tfc_man}
    DEPENDS tfconform ${CMAKE_SOURCE_DIR}/scripts/help_to_man.py ${CMAKE_SOURCE_DIR}/README.md
    COMMENT "Writing the man page tfconform(1) from tfconform --help"
    VERBATIM)
  add_custom_target(tfconform_man ALL DEPENDS ${tfc_man} ${tfc_man}.gz)
  install(FILES ${tfc_man}.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
else()
  message(WARNING "python3 not found: no man page tfconform(1) is built or installed")
endif()

# The Debian package: `make package` (cpack -G DEB in the build tree). Its Depends line is
# computed by dpkg-shlibdeps from the libraries the binary links (gRPC, protobuf, OpenSSL, the C++
# runtime), so it names the versions of the machine that built it. The binary is stripped in the
# package (about 290 MB with RelWithDebInfo's debug information; the build tree keeps it whole).
set(TFC_PACKAGE_MAINTAINER "tfconform maintainers <maintainers@users.noreply.a-seed-d29f26c8.example>"
  CACHE STRING "Maintainer field of the Debian package")
set(TFC_PACKAGE_HOMEPAGE "" CACHE STRING "Homepage field of the Debian package (none when empty)")
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME tfconform)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT ${TFC_PACKAGE_MAINTAINER})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "contract-conformance test suite for Terraform/OpenTofu provider plugins")
# Debian's extended description: lines under 80 columns (CPack indents each by one space).
string(JOIN "\n" CPACK_PACKAGE_DESCRIPTION
  "tfconform plays Terraform/OpenTofu Core towards a provider plugin binary"
  "(go-plugin handshake, AutoMTLS, gRPC tfplugin5 or tfplugin6), generates"
  "configurations, unknown values and prior states from the provider's schema,"
  "checks every answer against the provider contract and shrinks each failure"
  "to a minimal case. Reports: JUnit XML, HTML, JSON, SARIF, Markdown."
  ""
  "Confirming findings with real CLIs (tfconform confirm, run --confirm-with)"
  "needs Terraform or OpenTofu, which are not Debian packages: install them"
  "from HashiCorp or the OpenTofu project.")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER ${TFC_PACKAGE_MAINTAINER})
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
if(TFC_PACKAGE_HOMEPAGE)
  set(CPACK_DEBIAN_PACKAGE_HOMEPAGE ${TFC_PACKAGE_HOMEPAGE})
endif()
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_STRIP_FILES ON)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
# Only the binary package: a source package of this folder would carry the build trees.
set(CPACK_SOURCE_GENERATOR "")
include(CPack)
