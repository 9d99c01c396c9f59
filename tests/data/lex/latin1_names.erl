-module(latin1_names).
ßeta ÿes àbc éte øx öö Ñame Àb Þorn Ø Éa Öz ßÿ aÀÞß aé
f(Ñ) -> Ñ.
