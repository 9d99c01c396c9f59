'\n' '\x{263A}' '\101' '\^A' 'a\'b' 'a\\b' 'a"b' '\s\e\d'
'multi
line' 'it''s'
