-module(record_update_wildcard).
-export([f/1]).
-record(r, {a}).
f(X) -> X#r{_ = 1}.
