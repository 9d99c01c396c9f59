%% process_info of another process's links and monitors (mapped to names).
-module(info_links_monitors_child).
-export([main/0]).

main() ->
    Main = self(),
    Other = spawn(fun() -> receive stop -> ok end end),
    P = spawn_link(fun() ->
        monitor(process, Other),
        monitor(process, Main),
        Main ! ready,
        receive stop -> ok end
    end),
    receive ready -> ok end,
    Names = #{Main => main, Other => other, P => p},
    {links, L} = process_info(P, links),
    {monitors, M} = process_info(P, monitors),
    R = {lists:sort([maps:get(X, Names) || X <- L]),
         lists:sort([{T, maps:get(X, Names)} || {T, X} <- M])},
    unlink(P),
    P ! stop, Other ! stop,
    R.
