-module(arith_float).
-export([main/0]).
main() -> {0.1 + 0.2, 1.0e10, 2.5e-3, 3.0 * 1.5, 10 / 4, float(7), trunc(3.7), round(2.5), round(-2.5), abs(-3)}.
