-module(layout_tabs).
-export([f/1]).

% tabs count as one column each in erl_scan
f(X)	->
	case	X	of
		{a,	B}	->	B;
		_	->		none
	end.

g()	->	{	1begin 	,	2	}	.
