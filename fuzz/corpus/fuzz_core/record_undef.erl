-module(record_undef).
-export([f/0]).
f() -> #r{}.
