-module(pp_compile_unknown).
%% an option Hyperlang does not model is refused, not ignored
-compile([export_all, from_core]).
get(X) -> X.
