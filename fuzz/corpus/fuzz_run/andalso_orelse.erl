-module(andalso_orelse).
-export([main/0]).
main() -> {t(true, false), t(false, true), o(false, false), o(true, x), true andalso 1, false orelse ok}.
t(A, B) -> A andalso B.
o(A, B) -> A orelse B.
