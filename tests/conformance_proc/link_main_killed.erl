%% main/0 itself is killed through a link when its child exits abnormally (main does not trap exits).
-module(link_main_killed).
-export([main/0]).

main() ->
    io:format("spawning~n"),
    spawn_link(fun() -> exit(child_failed) end),
    receive never -> ok end.
