-module(float_ops).
-export([main/0]).
main() -> {1.5 + 2, 10 / 3, 2.0 * 3, -1.5 - 0.5, 7 / 7, abs(-2.5), trunc(-3.9), round(3.5), float(2) / 3}.
