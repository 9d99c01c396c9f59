-module(pp_undefined).
-export([f/0]).
f() -> ?NOT_DEFINED.
