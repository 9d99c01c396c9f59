-module(system_flag).
-export([f/0]).
f() -> erlang:system_flag(schedulers_online, 1).
