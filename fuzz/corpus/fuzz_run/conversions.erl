-module(conversions).
-export([main/0]).
main() -> {integer_to_list(123), integer_to_list(-45), list_to_integer("789"), atom_to_list(hello), tuple_to_list({1, 2}), list_to_tuple([a])}.
