-module(pp_wide_record).
-export([main/0]).
-record(big, {alpha = 1, beta = "two", gamma = [3, 4, 5], delta = {six, 7}, epsilon = 8.0, zeta = nine}).
main() -> [#big{}, #big{alpha = 100}].
