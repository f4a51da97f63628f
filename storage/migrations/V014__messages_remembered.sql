-- Grimoire schema 14: what each player's private message shows, so that it is edited only when
-- that changed (every edit spends one of the requests a second Discord allows a bot).
--
-- private_views.shown: a digest of what only its player sees in it (their hand, their secrets)
-- and of its picture, as JSON text; NULL for a message sent before schema 14 (edited once, then
-- known).
ALTER TABLE private_views ADD COLUMN shown TEXT;
