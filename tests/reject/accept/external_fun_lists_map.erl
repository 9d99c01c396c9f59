-module(external_fun_lists_map).
-export([f/0]).
f() -> fun lists:map/2.
