# hl_cdef.cmake — writes hyperlang_cdef.h: the declarations of hyperlang.h
# in the form FFI tools read (Python's cffi.FFI.cdef, in particular), which
# the header itself is not (include guards, system includes, the HL_API
# attribute, extern "C"). Run at build time, so it always matches the header:
#   cmake -DCC=<compiler> -DHEADER=<include/hyperlang.h>
#         -DVERSION_HEADER=<generated hyperlang_version.h> -DOUT=<file> -P hl_cdef.cmake
# The compiler preprocesses the header with no predefined macros (-undef:
# HL_API expands to nothing, __cplusplus is unset) and empty stand-ins for
# <stddef.h>, <stdint.h> and <stdbool.h> (cffi knows size_t, the intN_t
# types and bool; the header may include nothing else); the
# integer macros (#define HL_NAME <integer expression>) are evaluated here
# and appended as `#define HL_NAME <decimal>`, the only form cdef takes.
cmake_minimum_required(VERSION 3.25)
foreach(v CC HEADER VERSION_HEADER OUT)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "hl_cdef.cmake: -D${v}= is required")
  endif()
endforeach()

get_filename_component(out_dir "${OUT}" DIRECTORY)
set(stub_dir "${out_dir}/hl_cdef_stubs")
file(MAKE_DIRECTORY "${stub_dir}")
foreach(h stddef.h stdint.h stdbool.h)
  file(WRITE "${stub_dir}/${h}" "")
endforeach()
get_filename_component(version_dir "${VERSION_HEADER}" DIRECTORY)
execute_process(
  COMMAND "${CC}" -E -P -undef -nostdinc -I "${stub_dir}" -I "${version_dir}" -x c "${HEADER}"
  OUTPUT_VARIABLE decls
  ERROR_VARIABLE errors
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "hl_cdef.cmake: preprocessing ${HEADER} failed:\n${errors}")
endif()
# Blank lines the preprocessor leaves are dropped.
string(REGEX REPLACE "\n[ \t\n]*\n" "\n" decls "\n${decls}")
# ... and the space an empty HL_API leaves before each declaration.
string(REGEX REPLACE "\n ([^ ])" "\n\\1" decls "${decls}")
string(REGEX REPLACE "^\n" "" decls "${decls}")

set(defines "")
foreach(h "${VERSION_HEADER}" "${HEADER}")
  file(STRINGS "${h}" lines REGEX "^#define HL_[A-Z0-9_]+ ")
  foreach(line IN LISTS lines)
    string(REGEX MATCH "^#define (HL_[A-Z0-9_]+) +(.*)$" _ "${line}")
    set(name "${CMAKE_MATCH_1}")
    string(STRIP "${CMAKE_MATCH_2}" expr)
    string(REGEX REPLACE "/\\*.*$" "" expr "${expr}")
    # integer literals lose their suffixes (10000000u); anything that is
    # not then a plain integer expression (HL_API, strings) is skipped
    string(REGEX REPLACE "([0-9a-fA-FxX]+)[uUlL]+" "\\1" expr "${expr}")
    if(expr MATCHES "^[0-9a-fA-FxX ()<>+*|&-]+$")
      math(EXPR value "${expr}")
      string(APPEND defines "#define ${name} ${value}\n")
    endif()
  endforeach()
endforeach()

file(WRITE "${OUT}.tmp"
  "/* hyperlang_cdef.h — generated at build time from hyperlang.h by\n"
  " * cmake/hl_cdef.cmake: the public API's declarations for FFI tools\n"
  " * (cffi.FFI().cdef(open(path).read())). Not a C header: include\n"
  " * hyperlang.h from C. */\n"
  "${defines}${decls}")
# Only a changed file is replaced, so dependants are not rebuilt for nothing.
execute_process(COMMAND "${CMAKE_COMMAND}" -E copy_if_different "${OUT}.tmp" "${OUT}")
file(REMOVE "${OUT}.tmp")
