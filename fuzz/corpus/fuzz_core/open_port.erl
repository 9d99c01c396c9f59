-module(open_port).
-export([f/0]).
f() -> erlang:open_port({spawn, "sh"}, []).
