-module(tuples).
-export([main/0]).
main() -> T = {a, 1, "x"}, {element(2, T), setelement(1, T, b), tuple_size(T), tuple_to_list(T), list_to_tuple([x, y]), size({})}.
