%% A three-stage pipeline (parse, square, format) of processes, each forwarding to the next.
-module(app_pipeline).
-export([main/0]).

main() ->
    Main = self(),
    Sink = spawn(fun() -> stage(fun(X) -> lists:flatten(io_lib:format("<~b>", [X])) end, Main) end),
    Sq = spawn(fun() -> stage(fun(X) -> X * X end, Sink) end),
    Parse = spawn(fun() -> stage(fun list_to_integer/1, Sq) end),
    [Parse ! {item, S} || S <- ["1", "12", "7", "30"]],
    Parse ! eof,
    collect([]).

stage(F, Next) ->
    receive
        {item, X} -> Next ! {item, F(X)}, stage(F, Next);
        eof -> Next ! eof
    end.

collect(Acc) ->
    receive
        {item, S} -> collect([S | Acc]);
        eof -> lists:reverse(Acc)
    end.
