-module(spec_undefined).
-export([f/0]).
-spec f() -> ok.
f() -> ok.
-spec g(integer()) -> ok.
