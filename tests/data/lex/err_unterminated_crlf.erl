x "

















