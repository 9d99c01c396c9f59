-module(record_def_binding).
-export([f/0]).
-record(r, {a = begin X = 1, X end}).
f() -> #r{}.
