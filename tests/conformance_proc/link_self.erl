%% link(self()) and unlink(self()) are accepted and change nothing.
-module(link_self).
-export([main/0]).

main() ->
    A = link(self()),
    {links, L1} = process_info(self(), links),
    B = unlink(self()),
    C = unlink(spawn(fun() -> ok end)),
    {A, L1, B, C}.
