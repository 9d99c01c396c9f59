-module(record_index_field_undef).
-export([f/0]).
-record(r, {a}).
f() -> #r.b.
