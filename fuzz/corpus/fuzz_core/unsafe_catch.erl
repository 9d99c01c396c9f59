-module(unsafe_catch).
-export([f/1]).
f(A) ->
    catch (Y = A),
    Y.
