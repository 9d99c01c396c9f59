-module(record_default_var).
-export([f/0]).
-record(r, {a = X}).
f() -> #r{}.
