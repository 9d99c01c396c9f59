	a	b		c
 x  y
ünï x
日本 = y.
😀y
"日本" z
'ü' w
$é v
