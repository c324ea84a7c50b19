"""The Discord edge every gathering (a game night, a tournament) shares: the notices the timer gives
(`GatheringNotices`: the check-in, a round's tables each in its own thread, the standings, the podium, a
cancellation), the persistent controls (`g:join`, `g:leave`, `g:here`, `g:start`, `g:standings`), the scheduled
event's REST calls (`ScheduledEvents`), and the messages' words and pictures. The commands are in `cogs/commands/`."""
