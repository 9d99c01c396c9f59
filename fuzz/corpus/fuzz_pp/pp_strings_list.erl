-module(pp_strings_list).
-export([main/0]).
main() -> ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa", "lambda"].
