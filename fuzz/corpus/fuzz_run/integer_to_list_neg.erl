-module(integer_to_list_neg).
-export([main/0]).
main() -> [integer_to_list(X) || X <- [0, -1, 123456789012345678901234567890, -99]].
