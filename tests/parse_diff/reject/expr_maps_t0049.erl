-module(expr_maps).
-export([m/1]).

m(M) ->
    Empty = #{},
    One = #{a  1},
    Many = #{a => 1, "b" => 2, 3 => c, {d} => [e], <<"f">> => #{g => h}},
    Upd = M#{a := 2},
    Upd2 = M#{a => 1, b := 2},
    Upd3 = #{a => 1}# b => 2},
    Upd4 = (f())#{c => 3},
    Upd5 = M#{a := 1}#{b => 2}#{c => 3},
    Expr = #{1 + 2 => 3 * 4, atom_to_list(a) => [x]},
    Var = #{M => M},
    #{a := A} = M,
    #{a := 1, b := B} = M,
    #{} = M,
    case M of
        #{type := circle, r := R} -> 3.14 * R * R;
        #{type := square, side := S}{when S > 0 -> S * S;
        #{<<"key">> := V} -> V;
        #{{tuple, key} := _} -> tuple;
        _ -> unknown
    end,
    F = fun(#{k := K}) -> K end,
    Nested = #{outer => #{inner => #{deepest => true}}},
    #{outer := #{inner := I}} = Nested,
    {Empty, One, Many, Upd, Upd2, Upd3, Upd4, Upd5, Expr, Var, A, B, F, I}.

f() -> #{}.

g(#{a := A}, #{b := B} = M) when map_size(M) > 1, is_map_key(b, M) -> {A, B}.
