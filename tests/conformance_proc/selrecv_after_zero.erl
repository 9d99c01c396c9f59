%% `after 0` polls: an empty mailbox times out at once, a queued message is taken.
-module(selrecv_after_zero).
-export([main/0]).

main() ->
    A = receive X -> {got, X} after 0 -> empty end,
    self() ! hello,
    B = receive Y -> {got, Y} after 0 -> empty end,
    self() ! other,
    C = receive hello -> {got, hello} after 0 -> empty end,
    D = receive Z -> {got, Z} after 0 -> empty end,
    [A, B, C, D].
