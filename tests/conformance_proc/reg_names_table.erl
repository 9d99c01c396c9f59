%% Several registered workers found by name, each answering with its own name.
-module(reg_names_table).
-export([main/0]).

main() ->
    Names = [alpha, beta, gamma, delta],
    [register(N, spawn(fun() -> worker(N) end)) || N <- Names],
    Found = [whereis(N) =/= undefined || N <- Names],
    Replies = [begin N ! {who, self()}, receive {iam, R} -> R end end || N <- lists:reverse(Names)],
    {Found, Replies}.

worker(Name) ->
    receive {who, From} -> From ! {iam, Name}, worker(Name) end.
