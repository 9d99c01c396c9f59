-module(setelement_chain).
-export([main/0]).
main() -> T0 = {0, 0, 0}, T1 = setelement(1, T0, a), T2 = setelement(3, T1, c), {T0, T1, T2, element(3, T2)}.
