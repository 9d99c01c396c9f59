-module(record_access_undef).
-export([f/1]).
f(X) -> X#q.a.
