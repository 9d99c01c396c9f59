-module(bin_badarg_binary_short).
-export([main/0]).
main() -> B = id(<<1,2>>), <<B:3/binary>>.
id(X) -> X.
