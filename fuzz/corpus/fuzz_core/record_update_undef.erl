-module(record_update_undef).
-export([f/1]).
f(X) -> X#r{a = 1}.
