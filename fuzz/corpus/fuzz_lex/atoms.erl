-module(atoms).
a b abc aBC a_b a@b a1 a@1@ a__ z9_@X
'quoted' 'with space' '' 'Upper' 'case' 'a''b' 'ünïcödé' '日本'
after and andalso band begin bnot bor bsl bsr bxor case catch cond div end
fun if let not of or orelse receive rem try when xor maybe else
'after' 'when' spec callback
