-module(list_to_integer_signs).
-export([main/0]).
main() -> [list_to_integer(S) || S <- ["-12", "+7", "0", "123456789012345678901234567890"]].
