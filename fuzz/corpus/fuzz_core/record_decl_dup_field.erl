-module(record_decl_dup_field).
-export([f/0]).
-record(r, {a, a}).
f() -> #r{}.
