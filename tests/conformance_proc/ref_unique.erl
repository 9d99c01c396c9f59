%% make_ref/0 gives 10,000 distinct references, in several processes too.
-module(ref_unique).
-export([main/0]).

main() ->
    Mine = [make_ref() || _ <- lists:seq(1, 5000)],
    Main = self(),
    [spawn(fun() -> Main ! {refs, [make_ref() || _ <- lists:seq(1, 1000)]} end) || _ <- lists:seq(1, 5)],
    Theirs = lists:append([receive {refs, L} -> L end || _ <- lists:seq(1, 5)]),
    All = Mine ++ Theirs,
    {length(All), length(lists:usort(All)), lists:all(fun is_reference/1, All)}.
