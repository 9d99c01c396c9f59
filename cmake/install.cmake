# install.cmake — what `cmake --install` puts under the prefix (builds
# with the shared library: plain and ASan+UBSan): the shared library (with
# its SONAME links) and the static one, hyperlang.h with the generated
# hyperlang_version.h, the FFI declarations (share/hyperlang/hyperlang_cdef.h), the Python package
# (share/hyperlang/python/hyperlang), the `hl` command, the
# pkg-config file hyperlang.pc and the CMake package (hyperlangConfig.cmake,
# its version file and targets hyperlang::hyperlang and
# hyperlang::hyperlang_static). tests/install/ checks all of it.
include(CMakePackageConfigHelpers)

install(TARGETS hyperlang_shared hyperlang EXPORT hyperlangTargets
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(TARGETS hl RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${CMAKE_SOURCE_DIR}/include/hyperlang.h ${HL_GENERATED_INCLUDE}/hyperlang_version.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(FILES ${HL_CDEF} DESTINATION ${CMAKE_INSTALL_DATADIR}/hyperlang)
# The Python package, which finds the library of its own prefix from there
# (PYTHONPATH=PREFIX/share/hyperlang/python; docs/python.md).
install(DIRECTORY ${CMAKE_SOURCE_DIR}/python/hyperlang DESTINATION ${CMAKE_INSTALL_DATADIR}/hyperlang/python
        PATTERN __pycache__ EXCLUDE)

# pkg-config: relocatable (prefix found from the file's own directory), so
# `cmake --install --prefix DIR` works whatever prefix was configured.
file(RELATIVE_PATH HL_PC_TO_PREFIX /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
string(REGEX REPLACE "/$" "" HL_PC_TO_PREFIX "${HL_PC_TO_PREFIX}")
set(HL_PC_CONSUMER_FLAGS "")
foreach(flag ${HL_CONSUMER_LINK_FLAGS})
  string(APPEND HL_PC_CONSUMER_FLAGS " ${flag}")
endforeach()
configure_file(${CMAKE_SOURCE_DIR}/cmake/hyperlang.pc.in ${CMAKE_BINARY_DIR}/hyperlang.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/hyperlang.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

set(HL_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/hyperlang)
install(EXPORT hyperlangTargets NAMESPACE hyperlang:: DESTINATION ${HL_CMAKE_DIR})
configure_package_config_file(${CMAKE_SOURCE_DIR}/cmake/hyperlangConfig.cmake.in
                              ${CMAKE_BINARY_DIR}/hyperlangConfig.cmake
                              INSTALL_DESTINATION ${HL_CMAKE_DIR})
# 0.x: a new minor version may change the API, so only the same minor matches.
write_basic_package_version_file(${CMAKE_BINARY_DIR}/hyperlangConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/hyperlangConfig.cmake ${CMAKE_BINARY_DIR}/hyperlangConfigVersion.cmake
        DESTINATION ${HL_CMAKE_DIR})
