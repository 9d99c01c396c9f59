-module(io_P_unicode_bin).
-export([main/0]).
f(F,A) -> try lists:flatten(io_lib:format(F,A)) catch C:R -> {C,R} end.
main() ->
  B = <<"жжжжжжжжжжжжжжжжжжжж"/utf8>>,
  [[f("~tP",[B,D]) || D <- [2,3,4,5,6,7,8]],
   [f("~tP",[<<"abcdefghijklmnopqrstuvwxyz">>,D]) || D <- [2,3,4,5]],
   [f("~tP",[<<"aж"/utf8>>,D]) || D <- [2,3]],
   [f("~tP",[<<"abж"/utf8>>,D]) || D <- [2,3]],
   [f("~tP",[<<"жab"/utf8>>,D]) || D <- [2,3]],
   [f("~tP",[<<"abcdж"/utf8>>,D]) || D <- [2,3]],
   [f("~tP",[<<"ab",1,"cdef">>,D]) || D <- [2,3,4]],
   [f("~P",[<<"ab",1,"cdef">>,D]) || D <- [2,3,4]]
   ].
