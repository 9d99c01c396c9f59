😀when++;1.5eÀ1.5e+<-b￾eabc>|=/=case￿maybe1.5 _116#_f||<x{41}
ÿ16#ßa@bß=é