"""The edge of gatherings: game nights (`/gamenight`) and tournaments (`/tournament`), their controls and what the
timer tells of them (`bot/service/gatherings`)."""
