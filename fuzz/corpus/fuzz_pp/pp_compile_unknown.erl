-module(pp_compile_unknown).
-compile([export_all, {no_auto_import, [get/1]}]).
get(X) -> X.
