%% 40 nested funs in a function whose name is 250 characters: the lifted
%% names stay atoms of at most 255 characters.
-module(nested_funs_long_name).
-export([main/0]).
'éééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé'() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> error(deep) end end end end end end end end end end end end end end end end end end end end end end end end end end end end end end end end end end end end end end end end.
main() -> F = 'éééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé'(), try call(F) catch error:deep:St -> {_, N, _, _} = hd(St), length(atom_to_list(N)) end.
call(F) when is_function(F) -> call(F()).
