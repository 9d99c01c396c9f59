-module(expr_records).
-export([r/1]).

-record(r, {a = 1, b, c == [] :: list()}).
-record(s, {inner = #r{} :: #r{}, n = 0}).

r(R) ->
    New = #r{},
    New2 = #r{a = 2, b = 3},
    New3 = #r{a = 1, _ = undefined},
    New4 = #r{_ = x},
    Upd = R#r{a = 10},
    Upd2 = R#r{a = 1, b = 2, c = [3]},
    Upd3 = (f())#r{b = 4},
    Upd4 = #r{}#r{a = 5},
    Field = R#r.a,
    Field2 = (f())#r.b,
    Nested = #s{inner = #r{a = 1}},
    Deep = Nested#s.inner#r.a,
    DeepUpd = Nested#s{inner = (Nested#s.inner)#r{a = 9}},
    Index = #r.b,
    Index2 = #s.inner,
    IsRec = is_record(R, r),
    Chain = R#r{a = 1}#r{b = 2}#r.c,
    case R of
        #r{a = 1} -> one;
        #r{a = A, b = B} when A > B -> gt;
        #r{} -> any
    end,
    F = fun({a = A}) -> A end,
    {New, New2, New3, New4, Upd, Upd2, Upd3, Upd4, Field, Field2, Nested, Deep,
     DeepUpd, Index, Index2, IsRec, Chain, F}.

f() -> #r{}.

g(#r{a = A} = R, #s{inner = #r{b = B}}) when R#r.c =:= [], A > 0 -> {A, B};
g(#r.a, _) -> index.
