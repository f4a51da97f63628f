"""Taking a move back: alone when nobody else has moved, or by a vote of the table."""
