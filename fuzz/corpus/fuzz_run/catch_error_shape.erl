-module(catch_error_shape).
-export([main/0]).
main() -> case catch 1 div 0 of {'EXIT', {badarith, _}} -> badarith_caught; Other -> Other end.
