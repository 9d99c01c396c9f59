-module(record_redefined).
-export([f/0]).
-record(r, {a}).
-record(r, {b}).
f() -> #r{}.
