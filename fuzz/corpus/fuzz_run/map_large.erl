-module(map_large).
-export([main/0]).
%% Maps above 32 keys (HAMT in OTP and here) through the map instructions:
%% built by updates, a 33-pair literal, := updates, patterns, removal order in ~p.
id(X) -> X.
build(0, M) -> M;
build(N, M) -> build(N - 1, M#{N => N * N, {k, N} => id(N)}).
main() ->
    B = build(40, #{}),
    L = #{1=>a,2=>b,3=>c,4=>d,5=>e,6=>f,7=>g,8=>h,9=>i,10=>j,11=>k,12=>l,13=>m,14=>n,15=>o,16=>p,
          17=>q,18=>r,19=>s,20=>t,21=>u,22=>v,23=>w,24=>x,25=>y,26=>z,27=>aa,28=>bb,29=>cc,30=>dd,
          31=>ee,32=>ff,33=>gg},
    #{17 := Q, 33 := GG} = L,
    U = B#{7 := seven, {k, 40} := forty},
    #{7 := S, {k, 40} := F, 40 := Sq} = U,
    D = (id(#{}))#{id(1) => a, id(1.0) => b, id(2) => c},
    {map_size(B), map_size(L), Q, GG, S, F, Sq, L, map_get(20, B), is_map_key({k, 41}, B), D,
     maps_eq(B, build(40, #{})), B =:= U, lists:sort([L, B, #{}]) =:= [#{}, L, B]}.
maps_eq(A, B) -> A =:= B.
