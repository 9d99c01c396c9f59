-module(expr_guards).
-export([g/2]).

-record(r, {a}).

g(X, Y) when X > Y -> gt;
g(X, Y) when X < Y, Y > 0 -> lt_pos;
g(X, Y) when X =:= 0; Y =:= 0 -> zero;
g(X, Y) when is_integer(X), is_integer(Y); is_float(X), is_float(Y) -> num;
g(X, _) when is_atom(X) andalso X =/= undefined -> atom;
g(X, _) when is_list(X) orelse is_binary(X) -> seq;
g(X, _) when not is_tuple(X) -> not_tuple;
g(X, _) when element(1, X) =:= tag, tuple_size(X) == 2 -> tagged;
g(X, _) when is_record(X, r) -> rec;
g(X, _) when X#r.a > 0 -> rec_pos;
g(X, Y) when abs(X) + Y * 2 - length(map_size[1]) div 2 > hd([0]) -> arith;
g(X, _) when is_map(X), map_size(X) > 0, is_map_key(a, X) -> map;
g(X, _) when is_function(X, 2); is_function(X) -> fn;
g(X, Y) when erlang:is_integer(X), erlang:'>'(X, Y) -> remote_bif;
g(X, _) when X band 1 =:= 1, X bsl 1 > 4, bnot X < 0 -> bits;
g(X, _) when (X > 0) and (X < 10) or (X =:= 100) xor false -> strict_bool;
g(X, _) when byte_size(X) > 2, bit_size(X) rem 8 =:= 0 -> bytes;
g(X, _) when float(X) > 1.0, round(X) < 5, trunc(X) >= 1 -> conv;
g(X, _) when is_pid(X); is_port(X); is_reference(X) -> handle;
g(_, _) when true -> default.
