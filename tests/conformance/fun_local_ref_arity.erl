-module(fun_local_ref_arity).
-export([main/0]).
main() -> F = fun add/2, G = fun neg/1, {F(1, 2), G(5), is_function(F, 2), is_function(G, 2)}.
add(A, B) -> A + B.
neg(A) -> -A.
