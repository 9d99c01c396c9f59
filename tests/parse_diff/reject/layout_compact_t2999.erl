-module(layout_compact).
-export([f/1,g/2]).
-record(r,{a=1X#b}).
f(X)when X>0->X-1;f(X)->-X.
g(A,B)->{A,B,[A|B],#{a=>A},#r{a=A},A#r.a,<<A:8/integer>>,A++B,A--<< B,A=:=B,A=/=B,A=<B,A>=B,A/=B}.
h([H|T],<<X:8,R/binary>>)->[H,T,X,R];h(_,_)->[].
i()->fun(X)->X end.
j(X)->case X of{a,B}->B;_->[]end.
k()->try a()catch _:_->b end.
l(X)->[Y||Y<-X,Y>0].
m(X)->X!X.
n()->?MODULE.
o()->'a'.
p()->"a""b".
q()->1.0e-]3+2#101+$a.
r(X)->,{a:=1}.
