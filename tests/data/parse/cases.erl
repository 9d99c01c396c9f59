-module(cases).
-export([f/1]).
f(X) -> X = 1 + 2 * 3, Y = [1,2|X], m:f(X), g(X), "ab" "cd", <<X:8/integer-unit:8, "a">>.
g(X) -> try X of {a} -> 1 catch E -> E; error:R:S -> R; throw:Z -> ok after 1 end.
h() -> ?MODULE, f(#{a => 1}), M#{a := 2}, #r{a=1}, R#r.a, #r.a, fun f/1, fun m:f/1, fun M:F/A, fun(X) -> X end, fun F(0) -> 0; F(N) -> F(N-1) end.
-spec f(integer()) -> ok | {error, term()}.
-spec g(X) -> X when X :: atom(); (integer()) -> <<_:8, _:_*4>>.
-record(r, {a = 1 :: integer(), b, c :: 1..10}).
-vsn("1.0").
-doc "hello".
k() -> [X || X <- [1,2], X > 1], << <<B>> || <<B>> <= <<1,2>> >>, catch 1, begin 1, 2 end, receive X -> X after 10 -> ok end, if X -> 1; true -> 2 end, case X of 1 when X > 0; X < 2 -> ok end, -1, - 1, not true, A andalso B orelse C, 'hello world', 'try', 1.5e10, $a, 16#ff, X#r{a=2}.
-spec z(fun(() -> ok), fun((...) -> ok), fun()) -> #{a => b, c := d} | #r{a :: 1} | tuple() | map() | [a] | [a,...] | [] | {} | m:t(a) | -1 | 1 bsl 3.
g() -> try 1 catch {X, Y} -> 1; error:{A, B} -> 2; C:[D|E]:St -> 3 end.
h() -> - catch 1 + 2, 1 + catch 2 * 3 = 4, X = Y = Z, a ! b = c, -X:f(), - - 1, not a == b.
i(<<X/binary>>, [a, b | T], "ab" ++ R, {}, #{a := X}, #r{a = 1}, #r.a, -1, X = Y, 1 + 2) -> ok.
j() -> [1,2,3], [1|2], [], "", <<>>, {1}, #{}, M#{}, M#r{}, X#r.a#s.b, #{a => 1}#{b => 2}, (f())().
-spec f((a | b), (1)..(2), -1..+5, 1+2..3*4) -> <<>> | <<_:_*8>> | <<_:3>> | (X :: atom()) | #r{} | $a | 'fun'() | fun((...) -> ok).
-spec m:g(A) -> ok when is_subtype(A, atom()), B :: A.
-callback h() -> ok.
-spec (k(integer()) -> ok).
-spec s(binary(), bitstring(), nonempty_string(), list(a), maybe_improper_list(a, b), my(), nonempty_binary(), mfa(), dynamic()) -> ok.
-optional_callbacks([h/0, i/1]).
-behaviour(gen_server).
-behavior(gen_server).
-vsn(1).
-doc(#{a => 1}).
-export([]).
-record(e, {}).
-export([a/0, 'b c'/1]).
-record(rec, {a, b = {1, 2} :: {integer(), integer()}, c = [] :: list(), 'd e' = 'x y'}).
-record(e2, {f = #rec{} :: #rec{}, g :: <<_:8, _:_*4>> | <<>>, h :: #{atom() => term(), _ := [any()]}}).
-spec a() -> 'ok' | 'b c' | 1..2 | -5..-1 | 16#ff | $a | fun((integer()) -> atom()).
-callback init(Args :: term()) -> {ok, State :: term()} | {stop, Reason :: term()}.
-optional_callbacks([init/1]).
-vsn([{a, 1}, "x", 1.5, -2, 'q q', <<"abc">>, <<1,2>>, f/2]).
a() -> X = 1, Y = X bsl 2 bor 3 band 4 bxor 5 bsr 1, Z = X div 2 rem 3, not X orelse Y andalso Z xor true, X =:= Y, X =/= Y, X /= Y, X =< Y, X >= Y, X -- Y ++ Z -- [].
'b c'(X) when is_integer(X), X > 0; X =:= a -> 2.0e-5 + 1.0e100 + 0.1 + 123456789.0 + 1.0e15 + 1.0e16;
'b c'(_) -> 'hello', ''.
c(#rec{a = A, b = B} = R, #rec.b, <<A:8/little-signed-integer-unit:1, B/binary, C:A/bytes, "x"/utf8, 3.0/float>>) -> R#rec{a = 2, _ = 3}, R#rec.a, #rec{}, (R)#rec.b.
d() -> receive after infinity -> ok end, receive a -> 1; {b, X} when X > 1 -> 2 after 0 -> 3 end.
e() -> try f() after g() end, try f() catch _ -> 1 end, try f() of X -> X catch throw:E:S when E > 1 -> S; exit:_ -> ok end.
f() -> fun (X) when X > 0 -> 1; (_) -> 2 end, fun mod:func/3, fun ?MODULE:f/0, ?MODULE:f(), [?MODULE], {?MODULE}.
g() -> [X || {X, _} <- lists:seq(1, 10), X > 2, <<Y>> <= <<1>>], << <<X:8>> || X <- [1,2,3] >>, <<(X + 1):8>>, << -1:8 >>, <<+1>>.
h() -> 12345678901234567890123456789, -12345678901234567890, 2#1010, 36#zz, $\n, $\s, $\\, "\n\t\"", 'a\nb', "日本", 'é', '日'.
i() -> #{a => 1, b => 2}#{a := 3}, M = #{}, M#{}, #{#{} => []}, (catch 1), begin X = 1, X end, case X of _ -> ok end.
j(A) -> A ! hello, A ! B ! C, (fun() -> ok end)(), X = Y = Z.
-doc(#{b => 1, a => 2}).
-spec f(1*2*3) -> ok.
f(A) -> - - - A, 1 - -1, [1,2|[3]], "a" "b" "", <<"a" "b">>, X = "abc" ++ T, #r{_ = 1}, catch 1 + 2.
g("abc" ++ T, [$a | T], X = Y, {A} = {B}, (X)) -> ok.
prec() -> a = b ! c, a orelse b orelse c, a andalso b andalso c, a orelse b andalso c, a ++ b ++ c, a -- b ++ c, a + b - c, a * b / c div d rem e, a + b * c, (a + b) * c, - a * b, not a andalso b, a == b andalso c /= d, a < b orelse c >= d, a =< b, a > b, a bor b bxor c bsl d bsr e, a band b, a or b xor c and d, catch a = b, X = Y = 1 + 2.
prec2() -> #{a => 1}#{b := 2}, X#r.f, X#r.f#r.g, X#r{f = 1}#r{g = 2}, m:f(a), M:F(a), (m:f)(a), {m, f}, f(g(h(1))), - - - - 1, + 1, bnot 1, not not true.
pats(#{a := B} = M, [H | T] = L, <<X:4, Y:4>>, #r{}, #r{a = 1, _ = '_'}, {A, B, C}, "pre" ++ Rest, -1, +1.0, $c, 'atom', 1 + 2, X = Y = Z) -> ok.
guards(X) when X > 0, X < 10; X =:= -1; is_atom(X) orelse is_list(X), erlang:is_tuple(X) -> ok.
lcs() -> [{X, Y} || X <- [1, 2], Y <- [a, b], X > 1], [X || <<X>> <= <<1, 2>>], << <<X>> || <<X:4>> <= <<16#ff>>, X > 1 >>, [ok || _ <- []].
bins() -> <<>>, <<1>>, <<1:8, 2:16/big, 3:32/little-signed, 4.0/float, "s"/utf8, X/binary, Y:Z/bits, (f()):8, 1:8/unit:8, <<"nested">>/binary>>.
funs() -> fun() -> ok end, fun(X) -> X; (Y) -> Y end, fun Fact(0) -> 1; Fact(N) -> N * Fact(N - 1) end, fun lists:map/2, fun M:F/3, fun M:f/A, fun local/0.
trys() -> try a catch b -> c end, try a of b -> c catch d:e -> f end, try a after b end, try a catch C:R:S -> {C, R, S} after z end, try a, b of c -> d; e when f -> g catch _:_ -> ok end.
recv() -> receive X -> X end, receive {a, B} when B > 0 -> B; _ -> other after 100 -> timeout end, receive after 0 -> ok end.
ifs() -> if X > 0 -> a; X < 0 -> b; true -> c end, if a, b; c -> d end.
cases() -> case f() of {ok, V} when V > 1; V < -1 -> V; error -> 0; _ -> -1 end, begin a, b, c end.
strs() -> "", "a", "a" "b" "c", "\x{1F600}", "tab\there", 'quoted atom', 'Ünïcode', '\'', $', $\\, $\x{1F600}.
nums() -> 0, 1, 1_000_000, 16#FFFF_FFFF, 8#777, 2#1_0, 1.0, 1.5e-10, 2.0e+300, 1.0e-320, 0.1, 123.456, 18446744073709551616, 9223372036854775807, 9223372036854775808.
-spec s1(A :: integer(), [B]) -> {A, B} when B :: atom(); (a, b) -> ok.
-spec s2(#{}) -> #{a => b} | #{atom() := integer(), binary() => list()}.
-spec s3(1 | 2 | 3, (a | b) | c, a | (b | c)) -> 0..255 | 1 + 2 | 3 * 4 | bnot 1 | 1 bsl 2 | 'none'.
-spec s4(nonempty_list(a), maybe_improper_list(), nonempty_improper_list(a, b), list(), tuple(), map(), fun(), fun((...) -> any()), fun(() -> ok)) -> no_return().
-spec s5(<<_:_*16>>, <<_:5, _:_*3>>, [atom(), ...], {}, {a}, []) -> m:t() | m:t(a, b) | t() | t(a).
-callback c1() -> ok.
-callback c2(term()) -> ok | {error, term()}.
-spec mod:s6() -> ok.
-record(r1, {}).
-record(r2, {a, b, c}).
-record(r3, {a = 1, b = fun() -> ok end, c = [1, 2] :: [integer()], d :: #r2{}}).
-behavior(supervisor).
-doc "doc".
-doc <<"bin doc">>.
-moduledoc("mod").
-vsn(-1).
-vsn(+1.5).
-vsn(fun lists:map/2).
-vsn(#{[1] => a, [] => b, {} => c, a => d, 1.0 => e, 1 => f}).
-vsn([1, 2 | 3]).
-vsn([a | "bc"]).
-optional_callbacks([c1/0, c2/1]).
last() -> ?MODULE.
-vsn(#{<<"b">> => 1, <<"a">> => 2, <<"a">> => 3, <<>> => 0, "x" => s, [] => n, {a} => t}).
-vsn(#{1 => a, 1.0 => b, -1 => c, 2 => d, 0.5 => e, 123456789012345678901234567890 => big, -123456789012345678901234567891 => nbig}).
