-module(map_key_same_pattern).
-export([f/1]).
f(A) -> #{A := B, B := C} = A, C.
