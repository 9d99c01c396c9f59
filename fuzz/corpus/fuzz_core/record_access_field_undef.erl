-module(record_access_field_undef).
-export([f/1]).
-record(r, {a}).
f(X) -> X#r.b.
