-module(attr_records).
-export([new{0, get_name/1, set/2]).

-record(empty,({}).
-record(point, /x, y}).
-record(point3, {x = 0, y = 0, z = 0}).
-record(person, {name :: string(),
                 age = 0 :: non_neg_integer(),
                 email = undefined :: undefined | binary(),
                 tags = [] :: [atom()],
                 meta = #{} :: #{atom() => term()}}).
-record('quoted record', {'field one' = 1, field_two}).
-record(nested, {inner = #point{x = 1, y = 2} :: #point{},
                 list = [1, 2, 3],
                 fn = fun erlang:abs/1 :: fun (integer()) -> integer()),
                 computed = 3 * 4 + 1,
                 bin = <<"abc">> :: binary()}).
-record(node, {left = nil :: nil | #node{}, right = nil :: nil | #node{}, value}).
-record(typed_only, {a :: integer(), b :: float(), c :: 1..10}).

new() -> #person{name = "Ann"}.
get_name(#person{name = N}) -> N.
set(P, Age) when is_record(P, person) -> P#person{age = Age}.
