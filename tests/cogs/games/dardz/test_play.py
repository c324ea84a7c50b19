"""DARDZ played through Discord as players would: table buttons, My hand and slash commands; the DM shows
only the points pile (DZ-R13)."""

from __future__ import annotations

import discord

from tests.cogs.helpers import (
    add_computer,
    all_news,
    components,
    labels,
    last_table_message,
    message_by_id,
    move_ids,
    read,
    table_of,
    tables,
    text_of,
)

PRIVATE = "Your points pile"  # the private line of the DM / My hand view (DZ-R13)


async def open_scripted_table(env, channel, alice, bob, dice, hands):
    """alice and bob; alice rolls first (12 against 2); alice is dealt hands[:3], bob hands[3:6]."""
    lobby = (await alice.slash(channel, "dardz new", target=50)).response.message
    await bob.click(lobby, label="Join")
    dice.script(6, 6, 1, 1)  # DZ-R12: alice 6+6, bob 1+1
    dice.decks.append(list(hands))
    await alice.click(lobby, label="Start")
    return table_of(env, channel)


def table_message(env, channel):
    return message_by_id(channel, table_of(env, channel).message_id)


def dm_of(member) -> discord.Message:
    return member.user.dm_channel.history()[-1]


def button(message, label: str):
    return next(c for c in components(message) if getattr(c, "label", None) == label)


def choose(message) -> str:
    """A sensible player: a pick that scores their own cards, else nothing, else the first move."""
    moves = [c for c in components(message) if (c.custom_id or "").startswith("a:")]
    mine = [c for c in moves if c.style == discord.ButtonStyle.success]
    nothing = [c for c in moves if c.label.startswith("Pick nothing")]
    return (mine or nothing or moves)[0].custom_id


def member_at(table, members, seat):
    return next(m for m in members if m.id == table.seats[seat].user_id)


async def play_out(env, channel, members, max_moves=1500) -> list[str]:
    """Whoever must act clicks a move — on the table message and in My hand by turns — until the end.
    When a team of two members chooses its first roller, the second of them names the first by command."""
    done = []
    for i in range(max_moves):
        table = table_of(env, channel)
        if table is None:
            return done
        public = message_by_id(channel, table.message_id)
        assert PRIVATE not in text_of(public), "a points pile on the table message"
        seat = min(table.to_act)
        member = member_at(table, members, seat)
        if len(table.to_act) == 2:  # Team DARDZ: either teammate may name the first roller
            first, second = sorted(table.to_act)
            names = [f"{table.seats[s].name} rolls first" for s in (first, second)]
            assert "choose who rolls first" in text_of(public) and labels(public)[:2] == names
            hand = await member_at(table, members, second).click(public, label="My hand")
            assert hand.ephemeral and labels(hand.response.message) == names
            assert not components(dm_of(member_at(table, members, second))), "no move buttons by DM"
            result = await member_at(table, members, second).slash(channel, "dardz lead", member=member)
            assert result.ephemeral and result.response.content.startswith("✅ ")
            assert f"**{table.seats[first].name}** rolls first." in result.response.content, "the answer says so"
            done.append("lead")
            continue
        where = public if i % 2 else (await member.click(public, label="My hand")).response.message
        assert move_ids(where), text_of(where)
        custom_id = choose(where)
        done.append(next(c.label for c in components(where) if c.custom_id == custom_id))
        result = await member.click(where, custom_id=custom_id)
        assert result.response is not None and "✅ Saved" not in (result.response.content or "")
        assert result.response.ephemeral == (where is not public), "a table click edits the table, My hand itself"
    raise AssertionError("the game did not end")


async def test_two_members_and_a_computer_play_a_whole_game(world, dice):
    env, channel, alice, bob = world
    lobby = (await alice.slash(channel, "dardz new", pace="live", target=50)).response.message
    assert "target 50" in text_of(lobby)
    await bob.click(lobby, label="Join")
    await add_computer(alice, lobby)
    await alice.click(lobby, label="Start")
    table = table_of(env, channel)
    assert table.options == {"teams": False, "target": 50}
    start = read(message_by_id(channel, table.message_id))
    assert "first to 50" in start and "Computer 1" in start
    # the table says the latest of what happened; My hand all of it, who rolls first from the start
    hand = (await alice.click(message_by_id(channel, table.message_id), label="My hand")).response.message
    assert "Who rolls first" in text_of(hand)
    moves = await play_out(env, channel, [alice, bob])
    assert len(moves) > 20 and "🎲 Bonus Roll" in moves
    final = last_table_message(channel)
    assert "wins the game with" in text_of(final) and "wins!" in text_of(final)
    assert not move_ids(final)
    assert "wins!" in channel.last_message.content
    for message in channel.history():  # the public channel never shows a points pile
        assert PRIVATE not in text_of(message)
    for member in (alice, bob):
        assert PRIVATE in text_of(dm_of(member))


async def test_team_dardz_two_members_and_two_computers(world, dice):
    env, channel, alice, bob = world
    lobby = (await alice.slash(channel, "dardz new", teams=True, target=50)).response.message
    await add_computer(alice, lobby)  # seats: alice, computer, bob, computer
    await bob.click(lobby, label="Join")
    await add_computer(alice, lobby)
    await alice.click(lobby, label="Start")
    table = table_of(env, channel)
    view = table.view(None)
    assert view["team_mode"] and view["teams"] == [[0, 2], [1, 3]] and view["target"] == 100
    text = read(message_by_id(channel, table.message_id))
    assert "Team DARDZ: 🔴 alice & bob" in text and "first to 100 (team score)" in text
    moves = await play_out(env, channel, [alice, bob])
    assert "lead" in moves, "the members' team won a round and chose its first roller"
    final = text_of(last_table_message(channel))
    assert "win the game with" in final
    for message in channel.history():
        assert PRIVATE not in text_of(message)


async def test_three_of_a_kind_bonus_roll_and_cleaning_up_are_shown(world, dice):
    env, channel, alice, bob = world
    await open_scripted_table(env, channel, alice, bob, dice, ["12", "11", "10", "9", "8", "G7"])
    message = table_message(env, channel)
    text = read(message)
    assert "🌟7 golden (+10)" in text and "12 (+10)" in text, "hands are public, with their points"
    assert labels(message) == ["🎲 Roll 1", "My hand", "Follow"]
    dice.script(3)
    await alice.click(message, label="🎲 Roll 1")
    message = table_message(env, channel)
    assert "Roll 1: **alice** rolled 3; 3 is picked automatically: nobody holds it." in text_of(message)
    dice.script(2, 6)
    await alice.click(message, label="🎲 Roll 2")
    message = table_message(env, channel)
    assert labels(message) == ["2", "6", "8", "Pick nothing", "My hand", "Follow"], "a number each: a phone's row"
    assert "8 → bob" in read(message), "who holds the number: the table's picture (in words), not the button"
    assert button(message, "8").style == discord.ButtonStyle.danger  # only an opponent scores
    assert button(message, "2").style == discord.ButtonStyle.secondary  # nobody holds a 2
    await alice.click(message, label="8")
    dice.script(5, 5, 5)
    await alice.click(table_message(env, channel), label="🎲 Roll 3")
    message = table_message(env, channel)
    text = read(message)
    assert "⚄5 ⚄5 ⚄5" in text and "Three of a kind! alice scores +20." in text  # the dice: the picture's
    assert "alice — 20 pts" in text
    assert labels(message) == ["5", "10", "Pick nothing", "My hand", "Follow"]
    assert "10 → alice" in read(message)
    assert button(message, "10").style == discord.ButtonStyle.success
    await alice.click(message, label="10")
    assert "Bonus Roll!" in text_of(table_message(env, channel))
    # alice holds 12, 11 and a 1 she drew; bob holds a 1 too, but only the roller scores a Bonus Roll
    for rolled, pick in (((6, 6), "12"), ((5, 6), "11"), ((1, 2), "1")):
        dice.script(*rolled)
        await alice.click(table_message(env, channel), label="🎲 Bonus Roll")
        message = table_message(env, channel)
        assert "Pick nothing (turn ends)" in labels(message)
        await alice.click(message, label=pick)
    text, news = read(table_message(env, channel)), all_news(env, channel)
    assert "Bonus Roll: alice picks 1: alice ×1 to the pile." in news, news
    assert "alice cleaned 'em up: +5!" in text and "alice — 25 pts" in text
    assert table_of(env, channel).to_act == {1}
    dm = text_of(dm_of(alice))
    assert "Your points pile: **4** cards · **+27** points" in dm and "In it: 1 · 10 · 11 · 12" in dm


async def test_action_cards_play_order_and_jackpot_guess(world, dice):
    env, channel, alice, bob = world
    await open_scripted_table(env, channel, alice, bob, dice, ["SKULL", "JACKPOT", "12", "9", "8", "4"])
    message = table_message(env, channel)
    assert "choose which to play first" in text_of(message)
    assert labels(message) == ["Play 💀 Skull (−5)", "Play 🎰 Jackpot (+5)", "My hand", "Follow"]
    result = await alice.slash(channel, "dardz play", card="JACKPOT")
    assert result.ephemeral and result.response.content.startswith("✅ ")
    message = table_message(env, channel)
    assert labels(message) == [f"Guess {n}" for n in range(1, 7)] + ["My hand", "Follow"]
    assert not components(dm_of(alice)), "the guess is public: its buttons are on the table (and My hand)"
    hand = (await alice.click(message, label="My hand")).response.message
    assert [c.label for c in components(hand)] == [f"Guess {n}" for n in range(1, 7)], "the same buttons"
    dice.script(4)
    guessed = await alice.click(hand, label="Guess 4")
    assert "Jackpot: alice guessed 4 and rolled 4: +15!" in read(guessed.response.message), "My hand, edited, says it"
    text = read(table_message(env, channel))
    assert "alice plays a Skull: into their pile (−5 at round end)." in text, "the last card plays itself"
    assert "alice — 15 pts" in text and "rolls next: Roll 1" in text
    assert table_of(env, channel).to_act == {0}, "alice's turn goes on: her DM waits for its end…"
    assert "Your points pile: **0** cards" in text_of(dm_of(alice)) and "when a turn ends" in text_of(dm_of(alice))
    hand = await alice.click(table_message(env, channel), label="My hand")  # …and My hand shows it now
    assert "Your points pile: **2** cards · **+0** points" in text_of(hand.response.message)


async def test_refusals_are_ephemeral_and_change_nothing(world, dice):
    env, channel, alice, bob = world
    carol = env.guild.add_member(env.create_user("carol"))
    table = await open_scripted_table(env, channel, alice, bob, dice, ["12", "11", "10", "9", "8", "4"])
    message = table_message(env, channel)
    cases = [
        (bob.click(message, label="🎲 Roll 1"), "not your turn"),
        (carol.click(message, label="🎲 Roll 1"), "not seated"),
        (alice.slash(channel, "dardz pick", number=3), "Roll the dice first"),
        (alice.slash(channel, "dardz guess", number=3), "Roll the dice first"),
        (alice.slash(channel, "dardz lead", member=carol), "not seated"),
    ]
    for call, expected in cases:
        result = await call
        assert result.ephemeral, expected
        assert expected.lower() in result.response.content.lower(), result.response.content
        assert table_of(env, channel).seq == table.seq
    dice.script(3, 2, 6)
    await alice.click(message, label="🎲 Roll 1")
    await alice.click(table_message(env, channel), label="🎲 Roll 2")
    table = table_of(env, channel)
    message = table_message(env, channel)
    cases = [
        (alice.slash(channel, "dardz pick", number=9), "9 is not one die or the sum of two dice you rolled"),
        (bob.slash(channel, "dardz pick", number=8), "not your turn"),
        (bob.click(message, label="8"), "not your turn"),
        (alice.slash(channel, "dardz play", card="SKULL"), "Pick a number from your roll"),
        (alice.slash(channel, "dardz roll"), "Pick a number from your roll"),
    ]
    for call, expected in cases:
        result = await call
        assert result.ephemeral, expected
        assert expected.lower() in result.response.content.lower(), result.response.content
        assert table_of(env, channel).seq == table.seq and table_of(env, channel).state == table.state
    result = await alice.slash(channel, "dardz pick", number=0)
    assert result.ephemeral and result.response.content.startswith("✅ ")
    assert "**alice** picks nothing." in text_of(table_message(env, channel))


async def test_a_restart_keeps_the_table_buttons_working(world, dice, make_bot):
    env, channel, alice, bob = world
    await open_scripted_table(env, channel, alice, bob, dice, ["12", "11", "10", "9", "8", "4"])
    dice.script(3)
    await alice.click(table_message(env, channel), label="🎲 Roll 1")
    before = table_of(env, channel)
    message = table_message(env, channel)
    dice.script(6, 6, 1, 1, 3)  # the log is replayed: the same dice and deal again
    dice.decks.append(["12", "11", "10", "9", "8", "4"])
    await env.restart_bot(make_bot())
    await tables(env).cache.open_tables()  # the new process rebuilds tables when first touched
    assert table_of(env, channel).state == before.state
    dice.script(2, 6)
    result = await alice.click(message, label="🎲 Roll 2")  # the table as the old process left it
    assert not result.ephemeral
    text = read(table_message(env, channel))
    assert "⚁2 ⚅6" in text and "8 → bob" in text
    assert "8" in labels(table_message(env, channel))


async def test_rules_and_my_hand_are_ephemeral(world, dice):
    env, channel, alice, bob = world
    rules = await bob.slash(channel, "dardz rules")
    assert rules.ephemeral and "**R13** hands and scores public" in text_of(rules.response.message)
    lobby = (await alice.slash(channel, "dardz new")).response.message
    early = await alice.slash(channel, "game hand")
    assert early.ephemeral and "not started" in early.response.content
    await alice.slash(channel, "game end")
    assert "first to **150**" not in text_of(lobby)
    await open_scripted_table(env, channel, alice, bob, dice, ["12", "11", "10", "9", "8", "4"])
    hand = await bob.click(table_message(env, channel), label="My hand")
    assert hand.ephemeral and "Your points pile: **0** cards" in text_of(hand.response.message)
    assert "Waiting for **alice**" in text_of(hand.response.message)


async def test_a_timeout_plays_the_dz_r14_default(world, dice):
    env, channel, alice, bob = world
    lobby = (await alice.slash(channel, "dardz new", pace="live")).response.message
    await bob.click(lobby, label="Join")
    dice.script(6, 6, 1, 1, 3, 2, 6)
    dice.decks.append(["12", "11", "8", "9", "10", "4"])
    await alice.click(lobby, label="Start")
    await alice.click(table_message(env, channel), label="🎲 Roll 1")
    await alice.click(table_message(env, channel), label="🎲 Roll 2")
    assert labels(table_message(env, channel))[:3] == ["2", "6", "8"]
    await env.advance_time(121)
    assert any("Time ran out for **alice**" in m.content for m in channel.history())
    text = read(table_message(env, channel))
    assert "alice picks 8: alice ×1 to the pile." in all_news(env, channel), "DZ-R14's pick…"
    assert "bob rolls next" in text, "…and one deadline finished alice's whole turn"
    assert table_of(env, channel).seats[0].timeouts == 1
