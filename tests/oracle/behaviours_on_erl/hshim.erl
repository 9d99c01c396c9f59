%% hshim.erl — the erlang:hl_* builtins the behaviours use, for running them under real erl (run.sh beside it).
-module(hshim).
-export([report/1, report/2, export_fun/3, set_starter/1, starter/0]).
export_fun(M, F, A) -> code:ensure_loaded(M), case erlang:function_exported(M, F, A) of true -> fun M:F/A; false -> false end.
set_starter(S) -> put('$hl_starter', S).
starter() -> case get('$hl_starter') of undefined -> undefined; S -> S end.
report(_, _) -> ok. % crash reports are not compared
report(_) -> ok. % crash reports are not compared
