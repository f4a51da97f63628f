"""What a host watches Grimoire by: health and metrics over HTTP, structured logs, error
alerts. Nothing here decides anything for players; it only reports."""
