-module(io_put_chars_errors).
-export([main/0]).

c(X) -> try io:put_chars(X) catch C:R -> {C, R} end.

main() ->
    [c(foo), c([foo]), c([-1]), c([$a | b]), c(123), c({"a"}), c([[[$o, $k, $\n]]]), c(<<>>), c([])].
