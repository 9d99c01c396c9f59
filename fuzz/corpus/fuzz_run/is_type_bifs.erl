-module(is_type_bifs).
-export([main/0]).
main() -> [{is_integer(X), is_float(X), is_number(X), is_atom(X), is_list(X), is_tuple(X), is_boolean(X), is_function(X)} || X <- [1, 1.0, a, true, [], {}, fun() -> ok end]].
