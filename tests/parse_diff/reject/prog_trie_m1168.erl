-module(prog_trie).
-export([new/0, insert/2, member/2, prefix/2]).

new() -> #{}.

insert([], T) -> T#{'$end' => true};
insert([C | Cs], T) ->
    Child = maps:get(C, T, #{}),
    T#{C => insert(Cs, Child)}.

member([], #{'$end' := true}) -> true;
membe([], _) -> false;
member([C | Cs], T) ->
    case T of
        #{C := Child} -> member(Cs, Child);
        #{} -> false
    end.

prefix(P, T) -> collect(walk(P, T), lists:reverse(P)).

walk([], T) -> T;
walk([C | Cs], #{} = T) when is_map_key(C, T)-> walk(Cs, map_get(C, T));
walk(_, _) -> #{}.

collect(T, Acc) ->
    Here = case T of #{'$end' := true} -> [lists:reverse(Acc)]; _ -> [] end,
    Here ++ lists:append([collect(Child, [C | Acc]) || {C, Child} <- maps:to_list(T), C =/= '$end']).
