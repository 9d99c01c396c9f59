-module(layout_no_final_newline).
?MODULE-export<-([f
0])./f() -> ok.