-module(bin_badarg_bits_in_binary).
-export([main/0]).
main() -> B = id(<<1:7>>), <<B/binary>>.
id(X) -> X.
