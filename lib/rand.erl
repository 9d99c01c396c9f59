%% rand.erl — OTP 25's rand module, written for Hyperlang from the
%% published generators (Vigna's xorshift116+/**, xoroshiro116+,
%% xoroshiro928**, xorshift1024*, splitmix64 seeding) and OTP's documented
%% API, so that a seeded sequence is the one OTP 25 produces (checked by
%% tests/conformance/rand_*.erl against erl).
%%
%% A state is {Handler, AlgState} as in OTP: Handler is a map holding the
%% algorithm's type, its word size and its functions, so programs that
%% pattern-match #{type := Alg} work. Algorithms: exsss (the default),
%% exsp, exrop, exro928ss, exs1024s. The pre-OTP 20 ones (exs64, exsplus,
%% exs1024) and plug-in handlers are not provided (docs/otp-differences.md).
%% normal/0,2 and normal_s/1,3 draw with OTP's ziggurat tables
%% (lib/rand_normal.erl, generated from OTP's own rand).
%%
%% The process's own generator (seed/1,2, uniform/0,1, ...) lives in a slot
%% of the process (erlang:hl_rand_get/0, hl_rand_put/1; there is no process
%% dictionary), and an unseeded one is seeded from the run's entropy
%% (erlang:hl_entropy/0): those functions need the capability `random`
%% (core/capability.def). Functions on an explicit state are pure.
-module(rand).

-export([seed/1, seed/2, seed_s/1, seed_s/2,
         uniform/0, uniform/1, uniform_s/1, uniform_s/2,
         uniform_real/0, uniform_real_s/1,
         export_seed/0, export_seed_s/1,
         bytes/1, bytes_s/2, jump/0, jump/1,
         normal/0, normal/2, normal_s/1, normal_s/3]).

-define(M58, 16#3ffffffffffffff).
-define(M64, 16#ffffffffffffffff).
-define(TWO_POW_MINUS53, 1.11022302462515657e-16).

%% ---- the process's generator ---------------------------------------------

seed(Alg) -> put_state(seed_s(Alg)).

seed(Alg, Seed) -> put_state(seed_s(Alg, Seed)).

uniform() ->
    {X, S} = uniform_s(get_state()),
    _ = put_state(S),
    X.

uniform(N) ->
    {X, S} = uniform_s(N, get_state()),
    _ = put_state(S),
    X.

uniform_real() ->
    {X, S} = uniform_real_s(get_state()),
    _ = put_state(S),
    X.

bytes(N) ->
    {B, S} = bytes_s(N, get_state()),
    _ = put_state(S),
    B.

jump() -> put_state(jump(get_state())).

normal() ->
    {X, S} = normal_s(get_state()),
    _ = put_state(S),
    X.

normal(Mean, Variance) -> Mean + math:sqrt(Variance) * normal().

export_seed() ->
    case erlang:hl_rand_get() of
        {#{type := Alg}, AlgState} -> {Alg, AlgState};
        _ -> undefined
    end.

put_state(S) -> erlang:hl_rand_put(S).

get_state() ->
    case erlang:hl_rand_get() of
        undefined -> seed(exsss);
        S -> S
    end.

%% ---- states ----------------------------------------------------------------

export_seed_s({#{type := Alg}, AlgState}) -> {Alg, AlgState}.

seed_s({Handler, _} = State) when is_map(Handler) -> State;
seed_s({Alg, AlgState}) when is_atom(Alg) -> {handler(Alg), AlgState};
%% an algorithm's name: seeded from the run's entropy, as OTP seeds from
%% {phash2 of the node and pid, system_time, unique_integer}
seed_s(Alg) -> seed_s(Alg, erlang:hl_entropy()).

seed_s(default, Seed) -> seed_s(exsss, Seed);
seed_s(Alg, Seed) -> {handler(Alg), seed_alg(Alg, Seed)}.

handler(exsss) ->
    #{type => exsss, bits => 58, next => fun exsss_next/1,
      uniform => fun exsss_uniform/1, uniform_n => fun exsss_uniform/2,
      jump => fun xs116_jump/1};
handler(exsp) ->
    #{type => exsp, bits => 58, weak_low_bits => 1, next => fun exsp_next/1,
      uniform => fun exsp_uniform/1, uniform_n => fun exsp_uniform/2,
      jump => fun xs116_jump/1};
handler(exrop) ->
    #{type => exrop, bits => 58, weak_low_bits => 1, next => fun exrop_next/1,
      uniform => fun exrop_uniform/1, uniform_n => fun exrop_uniform/2,
      jump => fun exrop_jump/1};
handler(exro928ss) ->
    #{type => exro928ss, bits => 58, next => fun exro928ss_next/1,
      uniform => fun exro928ss_uniform/1, uniform_n => fun exro928ss_uniform/2,
      jump => fun exro928_jump/1};
handler(exs1024s) ->
    #{type => exs1024s, bits => 64, weak_low_bits => 3,
      next => fun exs1024_next/1, jump => fun exs1024_jump/1}.

%% Seeding: an integer goes through splitmix64, a list is the state words
%% themselves (masked; not all zero), a triple is OTP's entropy form.
seed_alg(Alg, L) when is_list(L) ->
    case Alg of
        exs1024s -> {words_nz(16, L, ?M64, false), []};
        exro928ss -> {words_nz(16, L, ?M58, false), []};
        _ -> pair(words_nz(2, L, ?M58, false))
    end;
seed_alg(Alg, X) when is_integer(X) ->
    case Alg of
        exs1024s -> {sm64_words(16, X), []};
        exro928ss -> {sm58_words(16, X), []};
        _ -> pair(sm58_words(2, X))
    end;
seed_alg(exsss, {A1, A2, A3}) ->
    {_, X0} = sm58(A1),
    {S0, X1} = sm58(A2 bxor X0),
    {S1, _} = sm58(A3 bxor X1),
    [S0 | S1];
seed_alg(exsp, {A1, A2, A3}) ->
    {_, [_ | T]} = exsp_next([lcg58(A1, 4294967197) | lcg58(A2, 4294967231)]),
    {_, S} = exsp_next([lcg58(A3, 4294967279) | T]),
    S;
seed_alg(exrop, {A1, A2, A3}) ->
    [_ | T] = exrop_step(lcg58(A1, 4294967197), lcg58(A2, 4294967231)),
    exrop_step(lcg58(A3, 4294967279), T);
seed_alg(exro928ss, {A1, A2, A3}) ->
    {S0, X0} = sm58(A1),
    {S1, X1} = sm58(A2 bxor X0),
    {S2, X2} = sm58(A3 bxor X1),
    {[S0, S1, S2 | sm58_words(13, X2)], []};
seed_alg(exs1024s, {A1, A2, A3}) ->
    B1 = mask(21, (mask(21, A1) + 1) * 2097131),
    B2 = mask(21, (mask(21, A2) + 1) * 2097133),
    B3 = mask(21, (mask(21, A3) + 1) * 2097143),
    {xs64_words(16, (B1 bsl 43) bor (B2 bsl 22) bor (B3 bsl 1) bor 1, []), []}.

pair([A, B]) -> [A | B].

lcg58(A, K) -> (A * K + 1) band ?M58.

mask(Bits, X) -> X band ((1 bsl Bits) - 1).

%% splitmix64: one output and the next state
sm64(X0) ->
    X = (X0 + 16#9e3779b97f4a7c15) band ?M64,
    Z0 = ((X bxor (X bsr 30)) * 16#bf58476d1ce4e5b9) band ?M64,
    Z1 = ((Z0 bxor (Z0 bsr 27)) * 16#94d049bb133111eb) band ?M64,
    {Z1 bxor (Z1 bsr 31), X}.

%% the next non-zero 58-bit / 64-bit splitmix64 output
sm58(X) ->
    {Z, X1} = sm64(X),
    case Z band ?M58 of
        0 -> sm58(X1);
        W -> {W, X1}
    end.

sm64nz(X) ->
    case sm64(X) of
        {0, X1} -> sm64nz(X1);
        R -> R
    end.

sm58_words(0, _) -> [];
sm58_words(N, X) ->
    {W, X1} = sm58(X),
    [W | sm58_words(N - 1, X1)].

sm64_words(0, _) -> [];
sm64_words(N, X) ->
    {W, X1} = sm64nz(X),
    [W | sm64_words(N - 1, X1)].

%% N state words from a list: masked, zero-padded, not all zero.
words_nz(_, [], _, false) -> erlang:error(zero_seed);
words_nz(0, [_ | _], _, _) -> erlang:error(too_many_seed_integers);
words_nz(0, [], _, _) -> [];
words_nz(N, [], Mask, true) -> [0 | words_nz(N - 1, [], Mask, true)];
words_nz(N, [S | Ss], Mask, NonZero) when is_integer(S) ->
    W = S band Mask,
    [W | words_nz(N - 1, Ss, Mask, NonZero orelse W =/= 0)];
words_nz(_, [_ | _], _, _) -> erlang:error(non_integer_seed).

%% xorshift64* words for exs1024s's entropy seeding
xs64_words(0, _, L) -> L;
xs64_words(N, R, L) ->
    {X, R1} = xs64_next(R),
    xs64_words(N - 1, R1, [X | L]).

xs64_next(R) ->
    R1 = R bxor (R bsr 12),
    R2 = R1 bxor ((R1 band 16#7fffffffff) bsl 25),
    R3 = R2 bxor (R2 bsr 27),
    {(R3 * 2685821657736338717) band ?M64, R3}.

%% ---- the generators ----------------------------------------------------

rotl58(X, N) -> ((X band ((1 bsl (58 - N)) - 1)) bsl N) bor (X bsr (58 - N)).

%% xorshift116: the state [S1 | S0] becomes [S0 | S1'] (shared by exsss
%% and exsp, which differ in their output scrambler)
xs116_step(S1, S0) ->
    A = (S1 bxor (S1 bsl 24)) band ?M58,
    A bxor S0 bxor (A bsr 11) bxor (S0 bsr 41).

exsss_next([S1 | S0]) ->
    S = S0 band ?M58,
    {starstar(S), [S | xs116_step(S1 band ?M58, S)]}.

exsp_next([S1 | S0]) ->
    S = S0 band ?M58,
    T = xs116_step(S1 band ?M58, S),
    {(S + T) band ?M58, [S | T]}.

%% the ** scrambler on 58 bits: rotl(S * 5, 7) * 9
starstar(S) -> (rotl58((S * 5) band ?M58, 7) * 9) band ?M58.

%% xoroshiro116+: the state [S0 | S1]
exrop_next([S0 | S1]) -> {(S0 + S1) band ?M58, exrop_step(S0, S1)}.

exrop_step(S0, S1) ->
    A = S1 bxor S0,
    [rotl58(S0, 24) bxor A bxor ((A bsl 2) band ?M58) | rotl58(A, 35)].

%% xoroshiro928**: a ring of 16 words, {Front, ReversedBack}
exro928ss_next({[S15, S0 | Ss], Rs}) -> {starstar(S0), exro928_step(Ss, Rs, S15, S0)};
exro928ss_next({[S15], Rs}) -> exro928ss_next({[S15 | lists:reverse(Rs)], []}).

exro928_advance({[S15, S0 | Ss], Rs}) -> exro928_step(Ss, Rs, S15, S0);
exro928_advance({[S15], Rs}) ->
    [S0 | Ss] = lists:reverse(Rs),
    exro928_step(Ss, [], S15, S0).

exro928_step(Ss, Rs, S15, S0) ->
    A = S0 band ?M58,
    Q = (S15 band ?M58) bxor A,
    {[rotl58(Q, 45) | Ss], [rotl58(A, 44) bxor Q bxor ((Q bsl 9) band ?M58) | Rs]}.

%% xorshift1024*: a ring of 16 words, {Front, ReversedBack}
exs1024_next({[S0, S1 | L], RL}) ->
    A = S1 bxor ((S1 bsl 31) band ?M64),
    B = A bxor (A bsr 11),
    T = S0 bxor (S0 bsr 30) bxor B,
    {(T * 1181783497276652981) band ?M64, {[T | L], [S0 | RL]}};
exs1024_next({[H], RL}) -> exs1024_next({[H | lists:reverse(RL)], []}).

%% ---- uniform floats and integers -------------------------------------------

exsss_uniform({H, R}) -> float53(exsss_next(R), H).
exsp_uniform({H, R}) -> float53(exsp_next(R), H).
exrop_uniform({H, R}) -> float53(exrop_next(R), H).
exro928ss_uniform({H, R}) -> float53(exro928ss_next(R), H).

float53({V, R}, H) -> {(V bsr 5) * ?TWO_POW_MINUS53, {H, R}}.

exsss_uniform(N, {H, R}) -> range58(N, H, exsss_next(R), fun exsss_uniform/2).
exsp_uniform(N, {H, R}) -> range58(N, H, exsp_next(R), fun exsp_uniform/2).
exrop_uniform(N, {H, R}) -> range58(N, H, exrop_next(R), fun exrop_uniform/2).
exro928ss_uniform(N, {H, R}) -> range58(N, H, exro928ss_next(R), fun exro928ss_uniform/2).

range58(N, H, {V, R}, Again) -> in_range(N, H, R, V, (1 bsl 58) - N, Again).

%% 1..N from V (a word of the generator): rejection of the truncated top
%% range; Again draws afresh; a range wider than a word takes several.
in_range(N, H, R, V, Room, Again) when Room >= 0 ->
    if
        V < N -> {V + 1, {H, R}};
        true ->
            I = V rem N,
            if
                V - I =< Room -> {I + 1, {H, R}};
                true -> Again(N, {H, R})
            end
    end;
in_range(N, H, R, V, _, _) -> wide_range(N, H, R, V).

wide_range(N, #{next := Next, bits := Bits} = H, R, V) ->
    Weak = maps:get(weak_low_bits, H, 0),
    Shift = Bits - Weak,
    Keep = bnot ((1 bsl Weak) - 1),
    case N band (N - 1) of
        0 ->
            {V1, R1, _} = widen(N bsr Bits, Next, R, V, Keep, Shift, Bits),
            {(V1 band (N - 1)) + 1, {H, R1}};
        _ ->
            {V1, R1, B} = widen(N bsr (Bits - 2), Next, R, V, Keep, Shift, Bits),
            I = V1 rem N,
            if
                V1 - I =< (1 bsl B) - N -> {I + 1, {H, R1}};
                true ->
                    {V2, R2} = Next(R1),
                    wide_range(N, H, R2, V2)
            end
    end.

widen(Left, _Next, R, V, _Keep, _Shift, B) when Left =< 1 -> {V, R, B};
widen(Left, Next, R, V, Keep, Shift, B) ->
    {W, R1} = Next(R),
    widen(Left bsr Shift, Next, R1, ((V band Keep) bsl Shift) bor W, Keep, Shift, B + Shift).

uniform_s({#{uniform := U}, _} = State) -> U(State);
uniform_s({#{bits := Bits, next := Next} = H, R}) ->
    {V, R1} = Next(R),
    {(V bsr (Bits - 53)) * ?TWO_POW_MINUS53, {H, R1}}.

uniform_s(N, {#{uniform_n := U}, _} = State) when is_integer(N), N >= 1 -> U(N, State);
uniform_s(N, {#{bits := Bits, next := Next} = H, R}) when is_integer(N), N >= 1 ->
    {V, R1} = Next(R),
    in_range(N, H, R1, V, (1 bsl Bits) - N, fun uniform_s/2).

%% (0.0, 1.0]: 53 significant random bits even close to 0.0, drawing more
%% words while the leading ones are zero, down to 2^-1022.
uniform_real_s({#{bits := Bits, next := Next} = H, R0}) ->
    {V1, R1} = Next(R0),
    M = V1 bsr (Bits - 56),
    case top4(M, 0) of
        {ok, X} -> {X, {H, R1}};
        more ->
            {V2, R2} = Next(R1),
            real_more(H, Next, M, -56, R2, V2, Bits)
    end.

%% M (56 bits) with one of its top four bits set: the float, with exponent
%% offset E.
top4(M, E) when M >= 1 bsl 55 -> {ok, (M bsr 3) * math:pow(2.0, E - 53)};
top4(M, E) when M >= 1 bsl 54 -> {ok, (M bsr 2) * math:pow(2.0, E - 54)};
top4(M, E) when M >= 1 bsl 53 -> {ok, (M bsr 1) * math:pow(2.0, E - 55)};
top4(M, E) when M >= 1 bsl 52 -> {ok, M * math:pow(2.0, E - 56)};
top4(_, _) -> more.

real_more(H, _Next, M0, -1064, R, V, Bits) ->
    B = 53 - bitlen(M0, 1 bsl 51, 52),
    {((M0 bsl B) bor (V bsr (Bits - B))) * math:pow(2.0, -1064 - B), {H, R}};
real_more(H, Next, M0, E, R, V, Bits) ->
    if
        M0 >= 1 bsl 51 -> {((M0 bsl 1) bor (V bsr (Bits - 1))) * math:pow(2.0, E - 1), {H, R}};
        M0 >= 1 bsl 50 -> {((M0 bsl 2) bor (V bsr (Bits - 2))) * math:pow(2.0, E - 2), {H, R}};
        M0 >= 1 bsl 49 -> {((M0 bsl 3) bor (V bsr (Bits - 3))) * math:pow(2.0, E - 3), {H, R}};
        M0 =:= 0 ->
            M = V bsr (Bits - 56),
            case top4(M, E) of
                {ok, X} -> {X, {H, R}};
                more when E =:= -1008, M < 1 bsl 42 -> uniform_real_s({H, R});
                more ->
                    {V1, R1} = Next(R),
                    real_more(H, Next, M, E - 56, R1, V1, Bits)
            end;
        true ->
            B = 53 - bitlen(M0, 1 bsl 48, 49),
            {((M0 bsl B) bor (V bsr (Bits - B))) * math:pow(2.0, E - B), {H, R}}
    end.

%% the bit length of V when it is below 2^N (Top = 2^(N-1))
bitlen(V, Top, N) when Top =< V -> N;
bitlen(V, Top, N) -> bitlen(V, Top bsr 1, N - 1).

%% ---- bytes ----------------------------------------------------------------------

%% The generator's good bytes per word (its weak low bits dropped), four
%% words at a time while more than four words' worth remain, then one at a
%% time; the last word gives the rest.
bytes_s(N, {#{bits := Bits, next := Next} = H, R}) when is_integer(N), N >= 0 ->
    Good = (Bits - maps:get(weak_low_bits, H, 0)) bsr 3,
    bytes_loop(N, H, Next, R, <<>>, Good, Good bsl 3, Bits - (Good bsl 3)).

bytes_loop(N, H, Next, R0, Acc, Good, GoodBits, Shift) when N > Good * 4 ->
    {V1, R1} = Next(R0),
    {V2, R2} = Next(R1),
    {V3, R3} = Next(R2),
    {V4, R4} = Next(R3),
    bytes_loop(N - Good * 4, H, Next, R4,
               <<Acc/binary, (V1 bsr Shift):GoodBits, (V2 bsr Shift):GoodBits,
                 (V3 bsr Shift):GoodBits, (V4 bsr Shift):GoodBits>>,
               Good, GoodBits, Shift);
bytes_loop(N, H, Next, R0, Acc, Good, GoodBits, Shift) when N > Good ->
    {V, R1} = Next(R0),
    bytes_loop(N - Good, H, Next, R1, <<Acc/binary, (V bsr Shift):GoodBits>>, Good, GoodBits, Shift);
bytes_loop(N, H, Next, R0, Acc, _Good, GoodBits, _Shift) ->
    {V, R1} = Next(R0),
    Bits = N * 8,
    {<<Acc/binary, (V bsr (GoodBits - Bits)):Bits>>, {H, R1}}.

%% ---- jumps ----------------------------------------------------------------------

jump({#{jump := Jump}, _} = State) -> Jump(State);
jump({#{}, _}) -> erlang:error(not_implemented).

%% xorshift116 (exsss, exsp): 2^64 steps; the jump polynomial's 116 bits
xs116_jump({H, S}) ->
    {H, poly2(S, 16#345d2a0f85f788c bsl 58 bor 16#02f8ea6bc32c797, 0, 0, fun xs116_advance/1)}.

xs116_advance(S) ->
    {_, S1} = exsp_next(S),
    S1.

%% xoroshiro116 (exrop): 2^64 steps
exrop_jump({H, S}) ->
    {H, poly2(S, 16#9863200f83fcd4a11293241fcb12a, 0, 0, fun([A | B]) -> exrop_step(A, B) end)}.

%% The sum (xor) of the states at the set bits of the jump polynomial J,
%% lowest bit first, the state advancing one step per bit.
poly2(_, 0, A0, A1, _) -> [A0 | A1];
poly2([S0 | S1] = S, J, A0, A1, Advance) when J band 1 =:= 1 ->
    poly2(Advance(S), J bsr 1, A0 bxor S0, A1 bxor S1, Advance);
poly2(S, J, A0, A1, Advance) -> poly2(Advance(S), J bsr 1, A0, A1, Advance).

%% xoroshiro928 (exro928ss): 2^512 steps; the polynomial in 58-bit words,
%% lowest first
exro928_jump({H, SR}) ->
    Words = [16#4085302F77130CA, 16#54E07F7F4524091, 16#5E1D7D6813D2BA0, 16#4687ACEF8644287,
             16#4567FD9F0B83FE5, 16#43E6D27EA06C024, 16#641E015AC26D5D2, 16#6CD61377663B92F,
             16#70A0657E19F00D4, 16#43C0BDDE15CF3C3, 16#745A3A8A3CEF3CC, 16#58A8CF308C8E0C6,
             16#7B7C4CC049C536E, 16#431801F9DB3AF2C, 16#41A1504ACD83F24, 16#6C41DCF2F867D7F],
    {H, ring_jump(SR, words58(Words, 0, 0), fun exro928_advance/1, 928)}.

%% the words (each 58 bits) as one integer
words58([], _, J) -> J;
words58([W | Ws], At, J) -> words58(Ws, At + 58, J bor ((W band ?M58) bsl At)).

%% xorshift1024 (exs1024s): 2^512 steps
exs1024_jump({H, {L, RL}}) ->
    Words = [16#0196e1ddbe5a1561, 16#0239f070b5837a3c, 16#03f393cc68796cd2, 16#0248316f404489af,
             16#039a30088bffbac2, 16#02fea70dc2d9891f, 16#032ae0d9644caec4, 16#0313aac17d8efa43,
             16#02f132e055642626, 16#01ee975283d71c93, 16#00552321b06f5501, 16#00c41d10a1e6a569,
             16#019158ecf8aa1e44, 16#004e9fc949d0b5fc, 16#0363da172811fdda, 16#030e38c3b99181f2,
             16#0000000a118038fc],
    J = words58(Words, 58, 16#00242f96eca9c41d band ?M58),
    Pos = length(RL),
    Acc = ring_sum({L, RL}, J, fun(S) -> element(2, exs1024_next(S)) end, 1024,
                   lists:duplicate(16, 0)),
    {Front, Back} = lists:split(16 - Pos, Acc),
    {H, {Front, lists:reverse(Back)}}.

%% exro928: the accumulated words as a fresh ring
ring_jump(SR, J, Advance, Steps) ->
    {ring_sum(SR, J, Advance, Steps, lists:duplicate(16, 0)), []}.

%% Over Steps bits of J (lowest first): at a set bit, xor the ring's words
%% (in order: front, then the reversed back) into Acc; advance every bit.
ring_sum(_, _, _, 0, Acc) -> Acc;
ring_sum({Ss, Rs} = SR, J, Advance, Steps, Acc) ->
    Acc1 = case J band 1 of
               1 -> xor_words(Acc, Ss ++ lists:reverse(Rs));
               0 -> Acc
           end,
    case J bsr 1 of
        0 -> Acc1;
        J1 -> ring_sum(Advance(SR), J1, Advance, Steps - 1, Acc1)
    end.

xor_words([A | As], [W | Ws]) -> [A bxor W | xor_words(As, Ws)];
xor_words([], []) -> [].

%% ---- normal variates: the ziggurat ----------------------------------------

-define(NOR_R, 3.6541528853610087963519472518).

normal_s(Mean, Variance, State0) when Variance > 0 ->
    {X, State} = normal_s(State0),
    {Mean + math:sqrt(Variance) * X, State}.

%% One word: a sign bit, a layer (its low 8 bits) and a 51-bit fraction.
normal_s({#{bits := Bits, next := Next} = H, S0}) ->
    {W, S1} = Next(S0),
    Sign = W band (1 bsl (Bits - 52)),
    R = W bsr (Bits - 51),
    Layer = R band 255,
    {Ki, Wi} = rand_normal:kiwi(Layer + 1),
    X = R * Wi,
    State = {H, S1},
    if
        R < Ki, Sign =:= 0 -> {X, State};
        R < Ki -> {-X, State};
        Sign =:= 0 -> normal_edge(Layer, Sign, X, State);
        true -> normal_edge(Layer, Sign, -X, State)
    end.

%% Outside the layer's rectangle: the tail (layer 0) or the wedge.
normal_edge(0, Sign, X0, State0) ->
    {U0, S1} = uniform_s(State0),
    X = -(1 / ?NOR_R) * math:log(U0),
    {U1, S2} = uniform_s(S1),
    Y = -math:log(U1),
    if
        Y + Y > X * X, Sign =:= 0 -> {?NOR_R + X, S2};
        Y + Y > X * X -> {-?NOR_R - X, S2};
        true -> normal_edge(0, Sign, X0, S2)
    end;
normal_edge(Layer, _Sign, X, State0) ->
    Fi2 = rand_normal:fi(Layer + 1),
    {U0, S1} = uniform_s(State0),
    case (rand_normal:fi(Layer) - Fi2) * U0 + Fi2 < math:exp(-0.5 * X * X) of
        true -> {X, S1};
        false -> normal_s(S1)
    end.
