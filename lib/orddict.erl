%% lib/orddict.erl — OTP 25's orddict for Hyperlang, in Erlang: a
%% dictionary is a list of {Key, Value} sorted by key in term order, keys
%% unique under ==. Written for Hyperlang from OTP's documented behaviour,
%% not copied.
-module(orddict).
-export([new/0, is_key/2, to_list/1, from_list/1, size/1, is_empty/1, fetch/2,
         find/2, fetch_keys/1, erase/2, take/2, store/3, append/3, append_list/3,
         update/3, update/4, update_counter/3, fold/3, map/2, filter/2, merge/3]).

new() -> [].

is_key(Key, [{K, _} | _]) when Key < K -> false;
is_key(Key, [{K, _} | D]) when Key > K -> is_key(Key, D);
is_key(_, [{_, _} | _]) -> true;
is_key(_, []) -> false.

to_list(D) -> D.

from_list([]) -> [];
from_list([{_, _}] = D) -> D;
from_list(Pairs) -> lists:foldl(fun({K, V}, D) -> store(K, V, D) end, [], Pairs).

size(D) -> erlang:length(D).

is_empty([]) -> true;
is_empty([_ | _]) -> false.

fetch(Key, [{K, _} | D]) when Key > K -> fetch(Key, D);
fetch(Key, [{K, V} | _]) when Key == K -> V.

find(Key, [{K, _} | _]) when Key < K -> error;
find(Key, [{K, _} | D]) when Key > K -> find(Key, D);
find(_, [{_, V} | _]) -> {ok, V};
find(_, []) -> error.

fetch_keys([{K, _} | D]) -> [K | fetch_keys(D)];
fetch_keys([]) -> [].

erase(Key, [{K, _} | _] = D) when Key < K -> D;
erase(Key, [{K, _} = E | D]) when Key > K -> [E | erase(Key, D)];
erase(_, [{_, _} | D]) -> D;
erase(_, []) -> [].

take(Key, D) -> take_(Key, D, []).

take_(Key, [{K, _} | _], _) when Key < K -> error;
take_(Key, [{K, _} = E | D], Acc) when Key > K -> take_(Key, D, [E | Acc]);
take_(_, [{_, V} | D], Acc) -> {V, lists:reverse(Acc, D)};
take_(_, [], _) -> error.

store(Key, New, [{K, _} | _] = D) when Key < K -> [{Key, New} | D];
store(Key, New, [{K, _} = E | D]) when Key > K -> [E | store(Key, New, D)];
store(Key, New, [{_, _} | D]) -> [{Key, New} | D];
store(Key, New, []) -> [{Key, New}].

append(Key, New, [{K, _} | _] = D) when Key < K -> [{Key, [New]} | D];
append(Key, New, [{K, _} = E | D]) when Key > K -> [E | append(Key, New, D)];
append(Key, New, [{_, Old} | D]) -> [{Key, Old ++ [New]} | D];
append(Key, New, []) -> [{Key, [New]}].

append_list(Key, New, [{K, _} | _] = D) when Key < K -> [{Key, New} | D];
append_list(Key, New, [{K, _} = E | D]) when Key > K -> [E | append_list(Key, New, D)];
append_list(Key, New, [{_, Old} | D]) -> [{Key, Old ++ New} | D];
append_list(Key, New, []) -> [{Key, New}].

update(Key, Fun, [{K, _} = E | D]) when Key > K -> [E | update(Key, Fun, D)];
update(Key, Fun, [{K, V} | D]) when Key == K -> [{Key, Fun(V)} | D].

update(Key, _, Init, [{K, _} | _] = D) when Key < K -> [{Key, Init} | D];
update(Key, Fun, Init, [{K, _} = E | D]) when Key > K -> [E | update(Key, Fun, Init, D)];
update(Key, Fun, _, [{_, V} | D]) -> [{Key, Fun(V)} | D];
update(Key, _, Init, []) -> [{Key, Init}].

update_counter(Key, Inc, [{K, _} | _] = D) when Key < K -> [{Key, Inc} | D];
update_counter(Key, Inc, [{K, _} = E | D]) when Key > K -> [E | update_counter(Key, Inc, D)];
update_counter(Key, Inc, [{_, V} | D]) -> [{Key, V + Inc} | D];
update_counter(Key, Inc, []) -> [{Key, Inc}].

fold(F, Acc, [{K, V} | D]) -> fold(F, F(K, V, Acc), D);
fold(F, Acc, []) when is_function(F, 3) -> Acc.

map(F, [{K, V} | D]) -> [{K, F(K, V)} | map(F, D)];
map(F, []) when is_function(F, 2) -> [].

filter(F, [{K, V} = E | D]) ->
    case F(K, V) of
        true -> [E | filter(F, D)];
        false -> filter(F, D)
    end;
filter(F, []) when is_function(F, 2) -> [].

merge(F, [{K1, _} = E1 | D1], [{K2, _} | _] = D2) when K1 < K2 -> [E1 | merge(F, D1, D2)];
merge(F, [{K1, _} | _] = D1, [{K2, _} = E2 | D2]) when K1 > K2 -> [E2 | merge(F, D1, D2)];
merge(F, [{K1, V1} | D1], [{_, V2} | D2]) -> [{K1, F(K1, V1, V2)} | merge(F, D1, D2)];
merge(F, [], D2) when is_function(F, 3) -> D2;
merge(F, D1, []) when is_function(F, 3) -> D1.
