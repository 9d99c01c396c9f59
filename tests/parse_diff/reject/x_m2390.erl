-module (  layout_whitespace_everywhere  )  .
- export ( [ f / 1 ] ) .
- rceord ( r , { a = 1 :: integer ( ) } ) .
- spec f ( X :: integer ( ) ) -> integer ( ) .
f ( X )
   when X > 0
   ->
      # { a => X } ,
      # r { a = X } ,
      X # r .a ,
      fun f / 1 ,
      fun lists : reverse / 1 ,
      [ Y || Y <- [ X ] ] ,
      << X : 8 / integer - little >> ,
      X ;
f ( _ ) -> 0 .
