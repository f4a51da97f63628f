"""Cards and rules: /card, the card pickers and the How to play button."""
