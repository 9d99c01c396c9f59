-module(record_dup_field).
-export([f/0]).
-record(r, {a}).
f() -> #r{a = 1, a = 2}.
